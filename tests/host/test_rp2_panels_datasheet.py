"""The emulated e-ink controllers (sim/rp2/panels.mjs, PL-16) driven with raw
command sequences written from the datasheets (UC8151: UltraChip's register
descriptions; SSD1680: Solomon Systech Rev 0.14, command table and
"Waveform Setting"), through sim/rp2/panel_bus.mjs: no chip, no firmware and
none of our drivers. Each test says what the datasheet describes and checks
the glass (296 gate lines x 128 sources), the BUSY times and the errors.
PL-18: the waveform times are the model's, from the LUT's bytes.
"""
from sim import rp2

GATES = 296
SOURCES = 128
LINE = 16                      # bytes of 8 sources a gate line of the glass shows


def run(*jobs):
    return rp2.run_panel_bus(jobs)


def black_pixels(shown_hex):
    """(gate line, source) of every black pixel on the glass."""
    data = bytes.fromhex(shown_hex)
    out = set()
    for g in range(GATES):
        for s in range(SOURCES):
            if not data[g * LINE + (s >> 3)] & (0x80 >> (s & 7)):
                out.add((g, s))
    return out


def frame_with(pixels, line_bytes=LINE, lines=GATES):
    """A frame (data 1 = white), bit j of a line = its j-th source in data
    order, with the given (line, bit) pixels black."""
    f = bytearray(b"\xff" * (line_bytes * lines))
    for line, j in pixels:
        f[line * line_bytes + (j >> 3)] &= ~(0x80 >> (j & 7)) & 0xFF
    return list(f)


def errors(result):
    return [e["error"] for e in result["errors"]]


# --- UC8151 ----------------------------------------------------------------
# R00H PSR bits: RES[1:0] 7:6 (10 = 128x296), REG_EN 5, BWR 4, UD 3, SHL 2,
# SHD_N 1, RST_N 0.
PSR_128x296 = 0x80
REG_EN = 0x20
BWR = 0x10
UD = 0x08
SHL = 0x04
SHD_N = 0x02
RST_N = 0x01
KW_OTP = PSR_128x296 | BWR | SHD_N | RST_N      # scan down, shift left
FRAME = 16 * 296


def uc_init(psr, extra=()):
    """RST pulse, PSR, power on: a panel ready for data."""
    return ([{"reset_ms": 10}, {"wait_busy": 100}, {"cmd": 0x00, "data": [psr]}] + list(extra)
            + [{"cmd": 0x04}, {"wait_busy": 100}])


def uc_refresh(frame, cmd=0x13):
    return [{"cmd": cmd, "data": frame}, {"cmd": 0x12}, {"wait_busy": 10000}]


def uc_job(steps):
    return {"panel": "uc8151", "steps": steps}


def test_uc8151_scan_and_shift_directions_place_the_first_data_where_the_datasheet_says():
    # The first data bit of the first gate line: gate scan down (UD = 0)
    # puts line 0 on the first gate line, up (UD = 1) on the last; source
    # shift right (SHL = 1) puts bit 0 on the first source, left on the last.
    frame = frame_with([(0, 0)])
    got = run(*[uc_job(uc_init(KW_OTP | ud | shl) + uc_refresh(frame))
                for ud, shl in ((0, SHL), (UD, SHL), (0, 0), (UD, 0))])
    assert [black_pixels(r["shown"]) for r in got] == [
        {(0, 0)}, {(GATES - 1, 0)}, {(0, SOURCES - 1)}, {(GATES - 1, SOURCES - 1)}]
    assert all(r["errors"] == [] for r in got)


def test_uc8151_rotation_by_180_degrees_is_a_rotation_not_a_mirror():
    # Pimoroni's 180-degree setting is shift left + scan up: the same
    # picture sent in reverse order (last line first, last source first)
    # then shows exactly as the picture sent in order with down + right.
    pixels = [(0, 0), (0, 1), (5, 100), (200, 3), (295, 127)]
    upright = frame_with(pixels)
    reversed_frame = frame_with([(GATES - 1 - g, SOURCES - 1 - s) for g, s in pixels])
    a, b = run(uc_job(uc_init(KW_OTP | SHL) + uc_refresh(upright)),
               uc_job(uc_init(KW_OTP | UD) + uc_refresh(reversed_frame)))
    assert black_pixels(a["shown"]) == set(pixels)
    assert black_pixels(b["shown"]) == set(pixels)


def test_uc8151_resolution_bits_set_the_frame_size_and_tres_overrides_them():
    # RES = 00 is 96x230: a full frame is 12 x 230 bytes; the glass is
    # 128x296, which the model does not stretch a smaller frame onto (an
    # error, not a guess). R61H TRES 128x296 overrides RES.
    small = (KW_OTP | SHL) & ~0xC0
    frame96 = [0xFF] * (12 * 230)
    tres = {"cmd": 0x61, "data": [0x80, 0x01, 0x28]}
    a, b, c = run(uc_job(uc_init(small) + uc_refresh(frame96)),
                  uc_job(uc_init(small) + uc_refresh([0xFF] * FRAME)),
                  uc_job(uc_init(small, [tres]) + uc_refresh(frame_with([(7, 9)]))))
    assert any("resolution 96x230" in e for e in errors(a))
    assert not any("full frame data" in e for e in errors(a))
    assert "full frame data 4736 bytes, expected 2760" in errors(b)
    assert errors(c) == [] and black_pixels(c["shown"]) == {(7, 9)}


def test_uc8151_soft_reset_bit_and_hardware_reset_set_the_registers_to_their_defaults():
    # CDI DDX[0] = 0 reads data 1 as black; PSR with RST_N = 0 (and a RST
    # pulse) put CDI back to its default (DDX[0] = 1: data 1 white).
    frame = frame_with([(3, 4)])
    inverted = {"cmd": 0x50, "data": [0x47]}
    soft = {"cmd": 0x00, "data": [KW_OTP & ~RST_N]}
    again = {"cmd": 0x00, "data": [KW_OTP | SHL]}
    plain, inv, soft_reset, hard_reset = run(
        uc_job(uc_init(KW_OTP | SHL) + uc_refresh(frame)),
        uc_job(uc_init(KW_OTP | SHL, [inverted]) + uc_refresh(frame)),
        uc_job(uc_init(KW_OTP | SHL, [inverted, soft, again]) + uc_refresh(frame)),
        uc_job([{"reset_ms": 10}, {"cmd": 0x50, "data": [0x47]}] + uc_init(KW_OTP | SHL) + uc_refresh(frame)))
    assert black_pixels(plain["shown"]) == {(3, 4)}
    assert len(black_pixels(inv["shown"])) == GATES * SOURCES - 1
    assert black_pixels(soft_reset["shown"]) == {(3, 4)}
    assert black_pixels(hard_reset["shown"]) == {(3, 4)}
    for r in (plain, inv, soft_reset, hard_reset):
        assert r["errors"] == []


def test_uc8151_deep_sleep_then_reset_and_init_again_gives_no_error():
    # DSLP (07h, check code A5h) after POF; only a hardware reset wakes the
    # chip, which then takes a full set-up and refresh. A command before
    # the reset is refused (one error); none after it.
    frame = frame_with([(10, 10)])
    sleep = [{"cmd": 0x02}, {"wait_busy": 100}, {"cmd": 0x07, "data": [0xA5]}]
    awake, early = run(
        uc_job(uc_init(KW_OTP | SHL) + uc_refresh(frame) + sleep + uc_init(KW_OTP | SHL)
               + uc_refresh(frame_with([(20, 20)]))),
        uc_job(uc_init(KW_OTP | SHL) + uc_refresh(frame) + sleep + [{"cmd": 0x04}]
               + uc_refresh(frame_with([(20, 20)]))))
    assert awake["errors"] == []
    assert black_pixels(awake["shown"]) == {(20, 20)}
    assert len(awake["refreshes"]) == 2
    assert errors(early) == ["command 0x%02x to a panel in deep sleep" % c for c in (0x04, 0x13, 0x12)]
    assert len(early["refreshes"]) == 1 and black_pixels(early["shown"]) == {(10, 10)}


def test_uc8151_partial_window_at_the_last_gate_lines_and_sources():
    # PTIN, PTL: sources 120..127 (HRST 120, HRED 127), gate lines
    # 288..295; DTM2 carries 8 lines x 1 byte; only the window changes.
    base = frame_with([(0, 0)])
    window = [{"cmd": 0x91}, {"cmd": 0x90, "data": [120, 127, 0x01, 0x20, 0x01, 0x27, 0x01]},
              {"cmd": 0x13, "data": [0x7F] * 8}, {"cmd": 0x12}, {"wait_busy": 10000}]
    r, = run(uc_job(uc_init(KW_OTP | SHL) + uc_refresh(base) + window))
    assert r["errors"] == []
    assert black_pixels(r["shown"]) == {(0, 0)} | {(g, 120) for g in range(288, 296)}
    assert [f["kind"] for f in r["refreshes"]] == ["full", "partial"]
    assert r["refreshes"][1]["window"] == [288, 120, 8, 8]


# LUT groups: level selects of phases A-D (2 bits each, A first), four phase
# lengths in frames, the repeat count. 01 VDH (to black), 10 VDL (to white).
def uc_group(levels, frames, repeat):
    sel = 0
    for i, lv in enumerate(levels):
        sel |= lv << (6 - 2 * i)
    return [sel] + list(frames) + [repeat]


def uc_lut(groups, size=42):
    out = [b for g in groups for b in g]
    return out + [0] * (size - len(out))


TO_WHITE = uc_lut([uc_group((1, 2, 0, 0), (4, 6, 0, 0), 2), uc_group((2, 0, 0, 0), (5, 0, 0, 0), 3)])
TO_BLACK = uc_lut([uc_group((2, 1, 0, 0), (4, 6, 0, 0), 2), uc_group((1, 0, 0, 0), (5, 0, 0, 0), 3)])
VCOM = uc_lut([uc_group((0, 0, 0, 0), (4, 6, 0, 0), 2), uc_group((0, 0, 0, 0), (5, 0, 0, 0), 3)], 44)
LUT_FRAMES = (4 + 6) * 2 + 5 * 3        # 35


def uc_luts(ww=TO_WHITE, bw=TO_WHITE, wb=TO_BLACK, bb=TO_BLACK, pll=0x3A):
    return [{"cmd": 0x20, "data": VCOM}, {"cmd": 0x21, "data": ww}, {"cmd": 0x22, "data": bw},
            {"cmd": 0x23, "data": wb}, {"cmd": 0x24, "data": bb}, {"cmd": 0x30, "data": [pll]}]


def test_uc8151_lut_busy_time_is_its_frames_at_the_pll_frame_rate_and_pof_its_pfs_frames():
    # PLL 3Ah = 100 Hz, 39h = 200 Hz; the VCOM LUT's 35 frames; POF lasts
    # PFS T_VDS_OFF + 1 frames (bits 5:4); the OTP waveform 4.5 s (Pimoroni).
    frame = frame_with([(1, 1)])
    pof = [{"cmd": 0x02}, {"wait_busy": 1000}]
    jobs = [uc_job(uc_init(KW_OTP | SHL | REG_EN, uc_luts(pll=pll) + [{"cmd": 0x03, "data": [pfs]}])
                   + uc_refresh(frame) + pof)
            for pll, pfs in ((0x3A, 0x00), (0x39, 0x30), (0x3A, 0x20))]
    jobs.append(uc_job(uc_init(KW_OTP | SHL) + uc_refresh(frame)))
    a, b, c, otp = run(*jobs)
    assert [f["busy_ms"] for f in a["refreshes"]] == [LUT_FRAMES * 10]
    assert [f["busy_ms"] for f in b["refreshes"]] == [LUT_FRAMES * 5]
    assert a["busy_ms"][-1] == 10 and b["busy_ms"][-1] == 4 * 5 and c["busy_ms"][-1] == 3 * 10
    assert [(f["mode"], f["busy_ms"]) for f in otp["refreshes"]] == [("otp", 4500)]
    for r in (a, b, c, otp):
        assert r["errors"] == [] and black_pixels(r["shown"]) == {(1, 1)}


def test_uc8151_old_frame_is_used_where_the_waveform_depends_on_it():
    # KW mode: the LUT of a pixel is chosen by its old (DTM1) and new (DTM2)
    # colours. LUTs whose old-white and old-black tables differ need the old
    # frame: never sent, or not what the glass shows (a grey picture in two
    # planes) is "not modelled"; the old frame equal to the glass is a
    # transition the model shows.
    first = frame_with([(2, 2)])
    second = frame_with([(4, 4)])
    setup = uc_init(KW_OTP | SHL | REG_EN, uc_luts(bw=uc_lut([uc_group((2, 0, 0, 0), (9, 0, 0, 0), 1)])))
    white = [{"cmd": 0x10, "data": [0xFF] * FRAME}]        # the fresh glass
    none, same, stale, symmetric = run(
        uc_job(setup + uc_refresh(first)),
        uc_job(setup + white + uc_refresh(first) + [{"cmd": 0x10, "data": first}] + uc_refresh(second)),
        uc_job(setup + white + uc_refresh(first) + [{"cmd": 0x10, "data": second}] + uc_refresh(second)),
        uc_job(uc_init(KW_OTP | SHL | REG_EN, uc_luts()) + [{"cmd": 0x10, "data": second}]
               + uc_refresh(first)))
    assert any("never written: not modelled" in e for e in errors(none))
    assert errors(same) == [] and black_pixels(same["shown"]) == {(4, 4)}
    assert any("two-frame and grey pictures are not modelled" in e for e in errors(stale))
    assert errors(symmetric) == [] and black_pixels(symmetric["shown"]) == {(2, 2)}


def test_uc8151_a_lut_that_does_not_reach_the_new_colour_is_reported():
    # A "to black" table that ends on VDL (white) leaves the pixel white.
    wrong = uc_lut([uc_group((1, 2, 0, 0), (3, 3, 0, 0), 1)])
    setup = uc_init(KW_OTP | SHL | REG_EN, uc_luts(wb=wrong, bb=wrong))
    r, = run(uc_job(setup + uc_refresh(frame_with([(6, 6)]))))
    assert any("other than the new frame's colour" in e for e in errors(r))
    assert black_pixels(r["shown"]) == set()


# --- SSD1680 ---------------------------------------------------------------
RAM_X = 22                      # 176 sources
SSD_FRAME = 16 * 296


def ssd_init(entry=0x03, extra=()):
    """RST, SWRESET, 296 gates, data entry mode, the glass's RAM window."""
    return ([{"reset_ms": 10}, {"wait_busy": 100}, {"cmd": 0x12}, {"wait_busy": 100},
             {"cmd": 0x01, "data": [0x27, 0x01, 0x00]}, {"cmd": 0x11, "data": [entry]}] + list(extra))


def window(x0, x1, y0, y1, xc=None, yc=None):
    xc = x0 if xc is None else xc
    yc = y0 if yc is None else yc
    return [{"cmd": 0x44, "data": [x0, x1]}, {"cmd": 0x45, "data": [y0 & 0xFF, y0 >> 8, y1 & 0xFF, y1 >> 8]},
            {"cmd": 0x4E, "data": [xc]}, {"cmd": 0x4F, "data": [yc & 0xFF, yc >> 8]}]


def ssd_update(seq=0xF7):
    return [{"cmd": 0x22, "data": [seq]}, {"cmd": 0x20}, {"wait_busy": 10000}]


def ssd_job(steps):
    return {"panel": "ssd1680", "steps": steps}


def glass_bytes(shown_hex):
    return bytes.fromhex(shown_hex)


def test_ssd1680_every_data_entry_mode_fills_the_window_as_the_datasheet_describes():
    # 11h: ID[0] X increment (else decrement), ID[1] Y increment, AM = 1 Y
    # first. A 3 x 3 window, the counter at its start; the k-th byte goes to
    # the k-th address in that order (the start and end of 44h/45h given in
    # the direction of counting).
    values = [0x10 + k for k in range(9)]
    jobs = []
    for mode in range(8):
        xs, xe = (2, 4) if mode & 1 else (4, 2)
        ys, ye = (10, 12) if mode & 2 else (12, 10)
        jobs.append(ssd_job(ssd_init(mode) + window(xs, xe, ys, ye)
                            + [{"cmd": 0x24, "data": values}] + ssd_update()))
    for mode, r in enumerate(run(*jobs)):
        assert r["errors"] == [], (mode, r["errors"])
        dx = 1 if mode & 1 else -1
        dy = 1 if mode & 2 else -1
        x0 = 2 if dx > 0 else 4
        y0 = 10 if dy > 0 else 12
        g = glass_bytes(r["shown"])
        for k, v in enumerate(values):
            if mode & 4:
                x, y = x0 + dx * (k // 3), y0 + dy * (k % 3)
            else:
                x, y = x0 + dx * (k % 3), y0 + dy * (k // 3)
            assert g[y * LINE + x] == v, (mode, k)


def test_ssd1680_y_first_landscape_layout_shows_the_same_picture_as_x_first():
    # A landscape picture sent Y-first: mode 07h (AM = 1) with the bytes in Y-first order
    # gives the picture that mode 03h gives with them in X-first order.
    picture = [(x * 7 + y * 13) & 0xFF for y in range(GATES) for x in range(LINE)]   # X-first
    y_first = [picture[y * LINE + x] for x in range(LINE) for y in range(GATES)]
    whole = window(0, 15, 0, 295)
    a, b = run(ssd_job(ssd_init(0x03) + whole + [{"cmd": 0x24, "data": picture}] + ssd_update()),
               ssd_job(ssd_init(0x07) + whole + [{"cmd": 0x24, "data": y_first}] + ssd_update()))
    assert a["errors"] == [] and b["errors"] == []
    assert glass_bytes(a["shown"]) == bytes(picture)
    assert glass_bytes(b["shown"]) == bytes(picture)


def test_ssd1680_writes_start_at_the_address_counters():
    # 4Eh/4Fh set where the next byte goes, inside the window.
    r, = run(ssd_job(ssd_init() + window(0, 15, 0, 295, xc=5, yc=100)
                     + [{"cmd": 0x24, "data": [0x00, 0x0F, 0xF0]}] + ssd_update()))
    g = glass_bytes(r["shown"])
    assert (g[100 * LINE + 5], g[100 * LINE + 6], g[100 * LINE + 7]) == (0x00, 0x0F, 0xF0)
    assert black_pixels(r["shown"]) == ({(100, s) for s in range(40, 48)} | {(100, s) for s in range(48, 52)}
                                        | {(100, s) for s in range(60, 64)})


def test_ssd1680_ram_lines_are_22_bytes_and_windows_reach_the_ram_edges():
    # 176 sources: X addresses 00h-15h. A window of all 22 bytes, columns
    # 16-21 black: nothing of them reaches the glass's 128 sources, nothing
    # wraps into the next line. The last address (15h, 295) takes a byte;
    # a window past 15h is an error.
    rows = ([0xFF] * 16 + [0x00] * 6) * GATES
    full, corner, past = run(
        ssd_job(ssd_init() + window(0, 0x15, 0, 295) + [{"cmd": 0x24, "data": rows}] + ssd_update()),
        ssd_job(ssd_init() + window(0x0F, 0x15, 290, 295)
                + [{"cmd": 0x24, "data": [0x00] * (7 * 6)}] + ssd_update()),
        ssd_job(ssd_init() + window(0x10, 0x16, 0, 0)))
    assert full["errors"] == [] and black_pixels(full["shown"]) == set()
    assert corner["errors"] == []
    assert black_pixels(corner["shown"]) == {(g, s) for g in range(290, 296) for s in range(120, 128)}
    assert any("beyond the RAM's 0x00..0x15" in e for e in errors(past))


def test_ssd1680_soft_reset_keeps_the_ram_and_resets_the_registers():
    # 12h: registers to their defaults (data entry 03h, the whole RAM as
    # window), "RAM are unaffected".
    r, = run(ssd_job(ssd_init() + window(0, 15, 0, 295) + [{"cmd": 0x24, "data": [0x00] * 16}]
                     + [{"cmd": 0x11, "data": [0x00]}, {"cmd": 0x12}, {"wait_busy": 100},
                        {"cmd": 0x4E, "data": [0]}, {"cmd": 0x4F, "data": [1, 0]},
                        {"cmd": 0x24, "data": [0x0F, 0xFF]}] + ssd_update()))
    assert r["errors"] == []
    g = glass_bytes(r["shown"])
    assert g[0:16] == bytes(16)                     # line 0 kept through the reset
    assert g[LINE:LINE + 2] == bytes((0x0F, 0xFF))  # increments again after the reset


def test_ssd1680_deep_sleep_then_reset_and_init_again_gives_no_error():
    # 10h 01h (mode 1, RAM kept); RST wakes the chip; a command before it is
    # refused. Mode 2 (11b) does not keep the RAM: not modelled.
    pic = window(0, 15, 0, 295) + [{"cmd": 0x24, "data": [0xAA] * SSD_FRAME}]
    awake, early, mode2 = run(
        ssd_job(ssd_init() + pic + ssd_update() + [{"cmd": 0x10, "data": [0x01]}, {"wait_ms": 100}]
                + ssd_init() + ssd_update()),
        ssd_job(ssd_init() + pic + ssd_update() + [{"cmd": 0x10, "data": [0x01]}] + ssd_update(0xF7)),
        ssd_job(ssd_init() + [{"cmd": 0x10, "data": [0x03]}]))
    assert awake["errors"] == []
    assert len(awake["refreshes"]) == 2
    assert glass_bytes(awake["shown"]) == bytes([0xAA] * SSD_FRAME)   # the RAM kept through sleep and RST
    assert errors(early) == ["command 0x22 to a panel in deep sleep", "command 0x20 to a panel in deep sleep"]
    assert len(early["refreshes"]) == 1
    assert any("deep sleep mode" in e and "not modelled" in e for e in errors(mode2))


def test_ssd1680_gate_scan_bottom_to_top_and_ram_options():
    # 01h TB = 1 scans G295 to G0: RAM line 0 on the last gate line. 21h A
    # = 08h reads the BW RAM inverted.
    one = window(0, 15, 0, 0) + [{"cmd": 0x24, "data": [0x7F] + [0xFF] * 15}]
    tb, inv = run(ssd_job(ssd_init(extra=[{"cmd": 0x01, "data": [0x27, 0x01, 0x01]}]) + one + ssd_update()),
                  ssd_job(ssd_init(extra=[{"cmd": 0x21, "data": [0x08, 0x00]}]) + one + ssd_update()))
    assert tb["errors"] == [] and black_pixels(tb["shown"]) == {(GATES - 1, 0)}
    assert inv["errors"] == [] and len(black_pixels(inv["shown"])) == GATES * SOURCES - 1


# 32h LUT: VS rows LUT0-LUT4 (12 bytes, one per group, phases A-D 2 bits
# each), 12 groups of TPA TPB SRAB TPC TPD SRCD RP, 6 frame-rate bytes, 3 XON.
def ssd_lut(rows, groups, fr=0x22):
    vs = []
    for n in range(5):
        r = rows.get(n, [])
        vs += list(r) + [0] * (12 - len(r))
    tp = []
    for g in range(12):
        tp += list(groups[g]) if g < len(groups) else [0] * 7
    return vs + tp + [fr] * 6 + [0, 0, 0]


TO_B = 0x40                     # phase A VSH1
TO_W = 0x80                     # phase A VSL
GROUPS = [(10, 2, 1, 3, 0, 0, 1), (1, 0, 0, 0, 0, 0, 0)]
SSD_FRAMES = ((10 + 2) * 2 + 3 * 1) * 2 + 1       # 55
FR2_HZ = 22 / 0.3               # Waveshare: its partial waveform, 22 frames at FR = 2, 0.3 s


def ssd_fast(lut, seq=0xCF, extra=()):
    return ([{"cmd": 0x32, "data": lut}] + list(extra) + [{"cmd": 0x22, "data": [0xC0]}, {"cmd": 0x20},
            {"wait_busy": 100}] + ssd_update(seq))


def test_ssd1680_waveform_busy_times_and_refresh_kinds():
    # The LUT's frames with its SR and RP repeats at FR = 2's rate; any
    # other FR is not modelled. OTP: mode 1 3 s, mode 2 0.3 s. The kind is
    # the display mode: 22h bit 3 clear "full", set "partial".
    both = {0: [TO_B], 1: [TO_W], 2: [TO_B], 3: [TO_W]}
    pic = window(0, 15, 0, 295) + [{"cmd": 0x24, "data": [0xFF] * SSD_FRAME}]
    lut2, lut4, otp = run(
        ssd_job(ssd_init() + pic + ssd_fast(ssd_lut(both, GROUPS)) + ssd_fast(ssd_lut(both, GROUPS), 0xC7)),
        ssd_job(ssd_init() + pic + ssd_fast(ssd_lut(both, GROUPS, fr=0x44))),
        ssd_job(ssd_init() + pic + ssd_update(0xF7) + ssd_update(0xFF)))
    assert lut2["errors"] == []
    assert [(f["kind"], f["mode"]) for f in lut2["refreshes"]] == [("partial", "lut"), ("full", "lut")]
    for f in lut2["refreshes"]:
        assert abs(f["busy_ms"] - SSD_FRAMES / FR2_HZ * 1000) < 1e-6
    assert any("FR = 4" in e and "not modelled" in e for e in errors(lut4))
    assert [(f["kind"], f["mode"], f["busy_ms"]) for f in otp["refreshes"]] == [
        ("full", "otp", 3000), ("partial", "otp", 300)]


def test_ssd1680_old_ram_is_the_glass_or_the_picture_is_not_modelled():
    # LUT rows picked by (red, BW): LUT0 (0,0), LUT1 (0,1), LUT2 (1,0),
    # LUT3 (1,1). Rows that differ for the same BW bit make the red RAM (26h)
    # matter: equal to the glass it is an old-to-new transition; otherwise
    # (a grey picture in two planes) it is reported. 37h F[6] ping-pong makes
    # each mode-2 picture the next one's old RAM.
    transition = ssd_lut({0: [0x00, TO_B], 1: [TO_W], 2: [TO_B], 3: [0x00, TO_W]}, GROUPS)
    first = window(0, 15, 0, 295) + [{"cmd": 0x24, "data": [0xF0] * SSD_FRAME},
                                     {"cmd": 0x26, "data": [0xF0] * SSD_FRAME}]
    first = ssd_init() + first + ssd_update()
    second = window(0, 15, 0, 295) + [{"cmd": 0x24, "data": [0x0F] * SSD_FRAME}]
    third = window(0, 15, 0, 295) + [{"cmd": 0x24, "data": [0x3C] * SSD_FRAME}]
    grey = window(0, 15, 0, 295) + [{"cmd": 0x26, "data": [0x55] * SSD_FRAME}]
    ping = [{"cmd": 0x37, "data": [0, 0, 0, 0, 0, 0x40, 0, 0, 0, 0]}]
    good, stale, planes = run(
        ssd_job(first + second + ssd_fast(transition, 0xCF, ping) + third + ssd_fast(transition, 0xCF, ping)),
        ssd_job(first + second + ssd_fast(transition) + third + ssd_fast(transition)),
        ssd_job(first + second + grey + ssd_fast(transition)))
    assert good["errors"] == []
    assert glass_bytes(good["shown"]) == bytes([0x3C] * SSD_FRAME)
    assert errors(stale)
    assert all("two-frame and grey pictures are not modelled" in e for e in errors(stale))
    assert any("two-frame and grey pictures are not modelled" in e for e in errors(planes))
