# Pure ticket rules: TS-1 area order, TS-4 valid scratches, TS-7 arrows,
# TS-9 the Automa's choice, TS-10 fallback and skip. Expected cells are
# worked out by hand from the shapes drawn in the comments.
from usher.games.takeaseat import tickets as tk
from tk_fixtures import C, I_TICKET, L_TICKET, M, RC, SQUARE, T_TICKET, as_rows

L, T, I, SQ = C(L_TICKET), C(T_TICKET), C(I_TICKET), C(SQUARE)


def test_ts1_area_order_and_cyclic_order():
    assert tk.AREAS == ("authorities", "celebrities", "press", "public")
    assert tk.cyclic_areas(0) == [0, 1, 2, 3]
    # From press: press, public, then wrap to authorities, celebrities.
    assert tk.cyclic_areas(2) == [2, 3, 0, 1]
    assert tk.cyclic_areas(3) == [3, 0, 1, 2]
    assert tk.area_index("public") == 3 and tk.area_index("vip") == -1


def test_ts4_valid_scratches_of_L_ticket():
    # #. / #. / ## : the middle (1,0) and the corner (2,0) would split it.
    assert RC(tk.valid_scratches(L, [])) == [[0, 0], [2, 1]]


def test_ts4_split_already_scratched_and_outside_are_invalid():
    assert not tk.is_valid_scratch(T, [], tk.cell(0, 1))   # splits the T
    assert tk.is_valid_scratch(T, [], tk.cell(1, 1))
    assert not tk.is_valid_scratch(T, M([[1, 1, 0]]), tk.cell(1, 1))  # already scratched
    assert not tk.is_valid_scratch(T, M([[1, 1, 1]]), tk.cell(1, 1))  # by the Automa
    assert not tk.is_valid_scratch(T, [], tk.cell(1, 0))   # not a cell of the ticket
    assert not tk.is_valid_scratch(T, [], tk.cell(5, 5))


def test_ts4_last_cell_cannot_be_scratched():
    # An empty figure is no reservation: 2-cell ticket allows one scratch.
    two = C([[0, 0], [0, 1]])
    assert RC(tk.valid_scratches(two, [])) == [[0, 0], [0, 1]]
    assert tk.valid_scratches(two, M([[0, 0, 1]])) == []
    assert tk.valid_scratches(C([[3, 3]]), []) == []


def test_ts4_double_reservation_each_valid_in_turn():
    # #### : only the ends are valid; after (0,0) the new end (0,1) is too.
    assert RC(tk.valid_scratches(I, [])) == [[0, 0], [0, 3]]
    assert RC(tk.valid_double_scratches(I, [], tk.cell(0, 0))) == [[0, 1], [0, 3]]
    assert tk.valid_double_scratches(I, [], tk.cell(0, 1)) == []  # first one splits
    # 2x2 square: any cell; after one, the opposite corner would split the L left.
    assert RC(tk.valid_double_scratches(SQ, [], tk.cell(0, 0))) == [[0, 1], [1, 0]]


def test_ts7_scan_order_every_arrow_on_L_ticket():
    # #. / #. / ## over the 3x2 bounding box.
    expect = {
        "RD": [[0, 0], [1, 0], [2, 0], [2, 1]],
        "RU": [[2, 0], [2, 1], [1, 0], [0, 0]],
        "LD": [[0, 0], [1, 0], [2, 1], [2, 0]],
        "LU": [[2, 1], [2, 0], [1, 0], [0, 0]],
        "DR": [[0, 0], [1, 0], [2, 0], [2, 1]],
        "DL": [[2, 1], [0, 0], [1, 0], [2, 0]],
        "UR": [[2, 0], [1, 0], [0, 0], [2, 1]],
        "UL": [[2, 1], [2, 0], [1, 0], [0, 0]],
    }
    for arrow in tk.ARROWS:
        assert RC(tk.scan_order(L, arrow)) == expect[arrow], arrow


def test_ts7_scan_order_offset_ticket_and_unknown_arrow():
    ticket = C([[2, 3], [2, 4], [3, 4]])  # a ticket not starting at 0,0
    assert RC(tk.scan_order(ticket, "LU")) == [[3, 4], [2, 4], [2, 3]]
    assert RC(tk.scan_order(ticket, "DL")) == [[2, 4], [3, 4], [2, 3]]
    # The last row and column a ticket may use (panels.MAX_SIDE = 8).
    corner = C([[6, 7], [7, 6], [7, 7]])
    assert RC(tk.scan_order(corner, "UL")) == [[7, 7], [6, 7], [7, 6]]
    assert RC(tk.valid_scratches(corner, [])) == [[6, 7], [7, 6]]
    try:
        tk.scan_order(ticket, "XX")
        raise AssertionError("no error")
    except ValueError:
        pass


def test_ts9_automa_choice_each_arrow_on_L_ticket():
    # Valid cells (0,0) and (2,1); invalid ones met first are passed over
    # (a scratch that would split the ticket is skipped): RU meets (2,0) first.
    expect = {"RD": [0, 0], "RU": [2, 1], "LD": [0, 0], "LU": [2, 1],
              "DR": [0, 0], "DL": [2, 1], "UR": [0, 0], "UL": [2, 1]}
    for arrow in tk.ARROWS:
        assert tk.row_col(tk.automa_choice(L, [], arrow)) == expect[arrow], arrow


def test_ts9_automa_choice_each_arrow_on_T_ticket():
    # ### / .#. : valid (0,0), (0,2), (1,1); the middle top (0,1) never.
    expect = {"RD": [0, 0], "RU": [1, 1], "LD": [0, 2], "LU": [1, 1],
              "DR": [0, 0], "DL": [0, 2], "UR": [0, 0], "UL": [0, 2]}
    for arrow in tk.ARROWS:
        assert tk.row_col(tk.automa_choice(T, [], arrow)) == expect[arrow], arrow


def test_ts9_automa_choice_after_scratches():
    # T with (0,0) scratched: left ## / .# ; RD scans (0,1) (would split? no:
    # rest (0,2),(1,1) are apart -> invalid), then (0,2) valid.
    assert tk.automa_choice(T, M([[0, 0, 0]]), "RD") == tk.cell(0, 2)
    # Only two cells left: either end is valid, the scan's first wins.
    assert tk.automa_choice(T, M([[0, 0, 0], [0, 2, 1]]), "RU") == tk.cell(1, 1)
    assert tk.automa_choice(T, M([[0, 0, 0], [0, 2, 1], [1, 1, 1]]), "RD") is None


def test_ts10_full_ticket_falls_back_in_cyclic_order():
    one = C([[0, 0]])
    two = C([[0, 0], [0, 1]])
    tickets = [one, two, one, one]  # only celebrities has a valid cell
    empty = [[], [], [], []]
    # Drawn public: public, authorities (full), celebrities.
    assert tk.automa_panel_choice(tickets, empty, 3, "RD") == (1, tk.cell(0, 0))
    assert tk.automa_panel_choice(tickets, empty, 3, "LD") == (1, tk.cell(0, 1))
    # Drawn press: press, public, authorities, celebrities.
    assert tk.automa_panel_choice(tickets, empty, 2, "RD") == (1, tk.cell(0, 0))
    # Drawn area with a valid cell: no fallback.
    tickets2 = [two, two, one, two]
    assert tk.automa_panel_choice(tickets2, empty, 2, "RD") == (3, tk.cell(0, 0))


def test_ts10_no_ticket_valid_means_skip():
    one = C([[0, 0]])
    two = C([[0, 0], [0, 1]])
    tickets = [two, one, one, one]
    scratches = [M([[0, 1, 0]]), [], [], []]
    assert tk.automa_panel_choice(tickets, scratches, 1, "UL") == (None, None)
    assert not tk.panel_has_valid_scratch(tickets, scratches)


def test_connectivity_helper():
    assert tk.is_connected(L)
    assert not tk.is_connected(C([[0, 0], [1, 1]]))  # diagonal only
    assert not tk.is_connected([])
    # Cells of neighbouring numbers on two rows are not neighbours.
    assert not tk.is_connected(C([[0, 7], [1, 0]]))


def test_ts3_a_cell_is_one_number_and_a_mark_says_who():
    # row * 8 + col, in reading order (a small int: no heap); a mark adds who * 64.
    assert [tk.cell(0, 0), tk.cell(0, 7), tk.cell(1, 0), tk.cell(7, 7)] == [0, 7, 8, 63]
    assert tk.row_col(tk.cell(3, 5)) == [3, 5] and tk.cell_of([3, 5]) == tk.cell(3, 5)
    # A [row, col] off every ticket is no cell: [0, 9] is not (1, 1).
    assert [tk.cell_of(v) for v in ([0, 8], [0, 9], [8, 0], [-1, 0], [0, -1])] == [-1] * 5
    m = tk.mark(tk.cell(2, 1), tk.AUTOMA)
    assert tk.marked_cell(m) == tk.cell(2, 1) and tk.marked_by(m) == tk.AUTOMA
    assert as_rows(M([[2, 1, 1], [0, 0, 0]])) == [[2, 1, 1], [0, 0, 0]]
