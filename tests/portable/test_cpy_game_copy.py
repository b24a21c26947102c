# The running game's second copy outside the FAT drive on CircuitPython
# (usher.device.circuitpython.game_copy, PL-8, PL-17): a power cut inside the
# erase of the flash sector holding /data's directory loses every file
# there, and the game resumes from the copy in microcontroller.nvm. The
# stand-in nvm behaves as CircuitPython 10.2.1's (ports/raspberrypi,
# common-hal/nvm/ByteArray.c): bytes written over erased ones (all 0xFF) are
# programmed, anything else reads the sector, erases it and programs it
# whole; a cut stops a program part way or leaves an erased sector.
import mptest

from usher import games
from usher.core import gamefile, rng, storage
from usher.device.circuitpython.game_copy import GameCopy
from usher.ui.app import App
from usher.ui.canvas import new_canvas
from usher.ui.widgets import MessageBox

SECTOR = 4096


class PowerCut(Exception):
    pass


class FakeNvm:
    def __init__(self, size=SECTOR):
        self.data = bytearray(b"\xff" * size)
        self.erases = 0
        self.programs = 0
        self.cut_in = None      # bytes left to program before the power goes

    def __len__(self):
        return len(self.data)

    def __getitem__(self, s):
        return bytes(self.data[s])

    def _program(self, at, values):
        for i in range(len(values)):
            if self.cut_in is not None:
                if self.cut_in == 0:
                    self.cut_in = None
                    raise PowerCut()
                self.cut_in -= 1
            self.data[at + i] &= values[i]      # NOR flash: a program only clears bits

    def __setitem__(self, s, values):
        start = s.start or 0
        values = bytes(values)
        assert len(values) == s.stop - start
        self.programs += 1
        if self.data[start:s.stop] == b"\xff" * len(values):
            self._program(start, values)
            return
        whole = bytearray(self.data)
        whole[start:s.stop] = values
        self.erases += 1
        self.data[:] = b"\xff" * len(self.data)
        self._program(0, whole)


def _app(d, copy):
    return App(new_canvas()[1], d, {"battery": lambda: 76, "board": "test", "game_copy": copy})


def _notices(app):
    return " ".join([" ".join(s.lines) for s in app.stack if isinstance(s, MessageBox)])


def _play(app, gid, seed, n):
    app.start_game(gid, {}, seed)
    bot = games.bot(gid)
    brng = rng.new_state(seed ^ 0x5A5A)
    for _ in range(n):
        a = bot.next_action(app.state, brng)
        assert a is not None and app.play(a), a


def _played(gid, seed, n):
    """(folder, nvm, App) with n of the bot's actions of game gid saved,
    each save also in the copy."""
    d = mptest.tmpdir()
    nvm = FakeNvm()
    app = _app(d, GameCopy(nvm))
    app.start()
    _play(app, gid, seed, n)
    return d, nvm, app


def _started(d, nvm):
    """A new App on folder d and the same nvm (a boot), started."""
    app = _app(d, GameCopy(nvm))
    app.start()
    return app


def _fat(body):
    storage.FORCE = False       # the FAT way on a desktop folder: temp file, rename, backup
    try:
        body()
    finally:
        storage.FORCE = None


def _wipe(d):
    """What a cut inside the erase of /data's directory sector leaves."""
    import os
    for name in os.listdir(d):
        if name != "log":
            os.remove(d + "/" + name)


def test_pl8_copy_newest_is_the_last_save_and_a_full_sector_starts_afresh_with_one_erase():
    nvm = FakeNvm()
    copy = GameCopy(nvm)
    saves = []
    end = erases = kept = 0
    for i in range(40):
        rec = b'{"game":"x","n":%d,"pad":"%s"}' % (i, b"p" * (300 + 7 * i))
        copy.write(memoryview(rec)[:10], rec[10:])
        saves.append(rec)
        assert next(GameCopy(nvm).newest()) == rec
        # the layout: records one after another, 4 header bytes each
        if end + 4 + len(rec) > SECTOR:
            erases, end, kept = erases + 1, 0, 0
        end, kept = end + 4 + len(rec), kept + 1
    assert nvm.erases == erases and erases >= 4, (nvm.erases, erases)
    assert list(GameCopy(nvm).newest()) == saves[::-1][:kept] and kept >= 2


def test_pl8_a_cut_inside_a_record_leaves_the_one_before_and_the_next_save_goes_after_it():
    nvm = FakeNvm()
    copy = GameCopy(nvm)
    copy.write(b'{"n":1}')
    nvm.cut_in = 6                  # the header and two bytes of the second save
    try:
        copy.write(b'{"n":2,"more":1}')
        raise AssertionError("no cut")
    except PowerCut:
        pass
    got = list(GameCopy(nvm).newest())
    assert got[0] != b'{"n":2,"more":1}' and got[-1] == b'{"n":1}', got
    again = GameCopy(nvm)           # after the reboot the next save follows the torn one
    again.write(b'{"n":3}')
    assert next(GameCopy(nvm).newest()) == b'{"n":3}' and nvm.erases == 0


def test_pl8_foreign_bytes_in_nvm_are_no_game_and_the_first_save_rewrites_the_sector():
    nvm = FakeNvm()
    nvm.data[0:6] = b"\x00\x13hello"      # another program's use of nvm
    assert list(GameCopy(nvm).newest()) == []
    copy = GameCopy(nvm)
    copy.write(b'{"n":1}')
    assert list(GameCopy(nvm).newest()) == [b'{"n":1}'] and nvm.erases == 1
    copy.forget()
    assert list(GameCopy(nvm).newest()) == [] and nvm.erases == 1


def test_pl8_the_game_resumes_from_the_copy_when_the_fat_files_are_gone():
    def body():
        d, nvm, app = _played("seatwars", 7, 9)
        rec = app.record
        _wipe(d)
        other = _started(d, nvm)
        assert other.record == rec and other.state == app.state
        assert "copy in the board's memory" in _notices(other), _notices(other)
        # the next action writes the FAT files again; they alone resume it
        a = games.bot("seatwars").next_action(other.state, [3, 4])
        assert other.play(a)
        third = _app(d, None)
        third.start()
        assert third.record == other.record and len(third.record["actions"]) == 10
    _fat(body)


def test_pl8_a_damaged_game_file_with_an_older_backup_resumes_from_the_newer_copy():
    def body():
        d, nvm, app = _played("theatre", 11, 6)
        rec = app.record
        with open(d + "/game.json", "r+b") as f:   # a flipped digit
            raw = bytearray(f.read())
            i = raw.index(b'"seed":') + 7
            raw[i] = ord("9") if raw[i] != ord("9") else ord("8")
            f.seek(0)
            f.write(raw)
        other = _started(d, nvm)
        assert other.record == rec, (other.record, rec)
        assert "game.json: checksum does not match" in _notices(other), _notices(other)
        # without the copy the backup (one action older) would have been used
        plain = _app(d, None)
        plain.start()
        assert len(plain.record["actions"]) == 5
    _fat(body)


def test_pl8_the_fat_file_wins_over_a_newer_copy_whose_save_never_finished():
    def body():
        d = mptest.tmpdir()
        nvm = FakeNvm()
        copy = GameCopy(nvm)
        app = _app(d, copy)
        app.start()
        _play(app, "multisala", 5, 4)
        rec = app.record
        # the next save reached the copy, then the power went before FAT
        ahead = dict(rec)
        ahead["actions"] = rec["actions"] + [games.bot("multisala").next_action(app.state, [5, 6])]
        from usher.core import seal
        import json
        copy.write(seal.seal_object(json.dumps(gamefile.packed(ahead), separators=(",", ":"))).encode())
        other = _started(d, nvm)
        assert other.record == rec and not _notices(other)
        # the boot made the copy equal to the acknowledged save again
        _wipe(d)
        third = _started(d, nvm)
        assert third.record == rec, (len(third.record["actions"]), len(rec["actions"]))
    _fat(body)


def test_pl8_an_ended_game_is_forgotten_in_the_copy_too():
    def body():
        d, nvm, app = _played("seatwars", 3, 2)
        app.end_game()
        assert list(GameCopy(nvm).newest()) == []
        _wipe(d)
        other = _started(d, nvm)
        assert other.record is None and not _notices(other)
    _fat(body)


def test_pl8_an_older_firmwares_game_file_loads_and_the_boot_puts_it_in_the_copy():
    def body():
        import json
        d = mptest.tmpdir()
        app = _app(d, None)
        app.start()
        _play(app, "seatwars", 9, 5)
        rec = app.record
        with open(d + "/game.json", "w") as f:      # unsealed, actions as a list
            f.write(json.dumps(rec))
        nvm = FakeNvm()
        other = _started(d, nvm)
        assert other.record == rec and not _notices(other)
        _wipe(d)
        third = _started(d, nvm)
        assert third.record == rec
    _fat(body)
