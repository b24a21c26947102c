# TS-2 panel data: the text format, the loader that reports every defect by
# panel, ticket and line, and the six sample panels.
from usher.games.takeaseat import panels as pn
from usher.games.takeaseat import tickets as tk
from mptest import raises
from tk_fixtures import L_TICKET, T_TICKET, TEST_PANELS


def test_ts2_sample_panels_load_and_are_labelled_samples():
    panels, defects = pn.parse_panels(pn.SAMPLE_PANELS_TEXT)
    assert defects == []
    assert len(panels) == 6
    assert "SAMPLE" in pn.SAMPLE_PANELS_TEXT
    for p in panels:
        assert p["name"].startswith("Sample")
        assert len(p["tickets"]) == 4
        for t in p["tickets"]:
            assert tk.is_connected(tk.cells_of(t)) and len(t) >= 4


def test_ts2_text_format_gives_cells_in_area_order():
    panels = pn.load_panels(TEST_PANELS)
    assert [p["name"] for p in panels] == ["Right", "Left"]
    t = panels[0]["tickets"]
    assert t[0] == T_TICKET and t[1] == L_TICKET
    assert t[2] == [[0, 0], [0, 1], [0, 2], [0, 3]]
    assert t[3] == [[0, 0], [0, 1], [1, 0], [1, 1]]


def test_ts2_format_then_parse_round_trip():
    panels = pn.load_panels(pn.SAMPLE_PANELS_TEXT)
    again = pn.load_panels(pn.format_panels(panels))
    assert again == panels


def test_ts2_every_defect_reported_by_panel_ticket_and_line():
    text = "\n".join([
        "panel One",           # 1
        "authorities",         # 2
        "#.",                  # 3
        ".#",                  # 4  diagonal only: not connected
        "celebrities",         # 5
        "...",                 # 6  empty ticket
        "press",               # 7
        "##",                  # 8
        "vips",                # 9  unknown area
        "#",                   # 10 (row under an unknown area: no ticket)
        "panel Two",           # 11
        "authorities",         # 12
        "#",                   # 13
        "authorities",         # 14 twice
        "celebrities", "#", "press", "#", "public", "#x",  # 15..20: bad row
    ])
    panels, defects = pn.parse_panels(text)
    joined = " | ".join(defects)
    assert "line 2: panel 'One', ticket authorities: not 4-connected" in joined, joined
    assert "line 5: panel 'One', ticket celebrities: empty" in joined, joined
    assert "line 1: panel 'One', ticket public: missing" in joined, joined
    assert "line 9: panel 'One': unknown line 'vips'" in joined, joined
    assert "line 14: panel 'Two': ticket authorities appears twice" in joined, joined
    assert "line 20: panel 'Two': unknown line '#x'" in joined, joined
    assert "line 19: panel 'Two', ticket public: empty" in joined, joined
    assert "line 10: panel 'One': row belongs to no ticket" in joined, joined
    assert len(defects) == 8, defects


def test_ts2_structure_defects():
    _, d = pn.parse_panels("")
    assert d == ["no panels in the file"]
    _, d = pn.parse_panels("##\n")
    assert d[0].startswith("line 1: ticket row before any panel")
    _, d = pn.parse_panels("press\n")
    assert d[0] == "line 1: area 'press' before any 'panel' line"
    _, d = pn.parse_panels("panel A\n" + "authorities\n#########\ncelebrities\n#\npress\n#\npublic\n#\n"
                           + "panel A\nauthorities\n#\ncelebrities\n#\npress\n#\npublic\n#\n")
    assert "line 3: panel 'A', ticket authorities: row wider than 8" in d, d
    assert "line 10: panel 'A' appears twice" in d, d


def test_ts2_load_panels_raises_with_every_defect():
    e = raises(ValueError, pn.load_panels, "panel X\nauthorities\n#\n")
    msg = str(e)
    assert "celebrities: missing" in msg and "press: missing" in msg and "public: missing" in msg


def test_ts2_a_game_keeps_only_its_two_panels_and_every_panel_is_still_checked():
    # The heap: a solo game's start keeps the two panels it draws, not
    # the library; a defect in a panel it does not use is still reported.
    every, defects = pn.parse_panels(pn.SAMPLE_PANELS_TEXT)
    asked = []

    def choose(n):
        asked.append(n)
        return [4, 1]
    kept, defects2 = pn.parse_panels(pn.SAMPLE_PANELS_TEXT, choose)
    assert defects == defects2 == [] and asked == [6]
    assert [p is not None for p in kept] == [False, True, False, False, True, False]
    assert kept[1] == every[1] and kept[4] == every[4]
    broken = TEST_PANELS + "\npanel Broken\nauthorities\n#.#\n"
    kept, defects = pn.parse_panels(broken, lambda n: [0, 1])
    assert kept[0] is not None and kept[2] is None
    assert [d for d in defects if "Broken" in d and "not 4-connected" in d], defects


def test_ts2_the_sample_constants_are_the_sample_text_parsed():
    # A game on the samples reads SAMPLE_PANELS, not the text (the heap).
    parsed = pn.parse_panels(pn.SAMPLE_PANELS_TEXT)[0]
    assert [p[0] for p in pn.SAMPLE_PANELS] == [p["name"] for p in parsed]
    assert [[list(t) for t in p[1]] for p in pn.SAMPLE_PANELS] == \
        [[tk.cells_of(t) for t in p["tickets"]] for p in parsed]
    assert pn.sample_set() == pn.as_cells(parsed)
    assert pn.panel_names(None) == pn.panel_names(pn.SAMPLE_PANELS_TEXT)
    # the same two panels kept, and the same draws made, as a parse
    seen = []
    kept = pn.sample_set(lambda n: seen.append(n) or [4, 1])
    assert seen == [6] and [i for i in range(6) if kept[i] is not None] == [1, 4]
    assert kept[4] == pn.as_cells(parsed)[4]


def test_ts2_a_solo_game_plays_the_library_panels_it_drew():
    from usher.games.takeaseat import engine
    library = pn.load_panels(pn.SAMPLE_PANELS_TEXT)
    seen = set()
    for seed in range(12):
        s = engine.new_game({"mode": "solo"}, seed)
        ids = s["panel_ids"]
        assert ids[0] != ids[1] and 0 <= ids[0] < 6 and 0 <= ids[1] < 6
        # the engine keeps each cell as one number (tickets.cell)
        assert [[[tk.row_col(x) for x in t] for t in p] for p in s["tickets"]] == \
            [library[i]["tickets"] for i in ids]
        assert s["panel_names"] == [library[ids[0]]["name"], library[ids[1]]["name"]]
        seen.add(tuple(ids))
    assert len(seen) > 3
    # chosen in the options: the same check as before, the same panels
    s = engine.new_game({"mode": "solo", "panels": [5, 0]}, 3)
    assert s["tickets"] == [[tk.cells_of(t) for t in library[i]["tickets"]] for i in (5, 0)]
    for bad in ([2, 2], [0, 6], "0,1"):
        e = raises(engine.GameError, engine.new_game, {"mode": "solo", "panels": bad}, 3)
        assert e.message == "panels: 2 different numbers 0..5", e.message
