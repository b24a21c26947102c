# The device id of the BG Stats link (PL-19, usher.ui.share): a device_id.json
# damaged or written by hand whose id is empty, too long, of other
# characters or not a string is not used (a link with an empty id carries
# no play id at all); a new id is made and kept. Holds rules bench/mutate.py
# found no test for. Runs on CPython, the unix port and WebAssembly.
import mptest

from usher.core import storage
from usher.ui import share

LINE = {"n": 3, "game": "seatwars", "players": ["Anna", "Ben"], "scores": [5, 7],
        "winners": [1], "options": {"players": 2, "start": 0}}


def _file(d, text):
    with open(storage.join(d, share.DEVICE_FILE), "w") as f:
        f.write(text)


def test_a_hand_made_device_id_that_is_not_one_is_replaced_by_a_new_one():
    for text in ('{"id": ""}', '{"id": "0123456789abcdefg"}', '{"id": "ABCD1234"}',
                 '{"id": "12-34"}', '{"id": 1234}', '{"id": null}', '{}', '["1234abcd"]',
                 '"1234abcd"'):
        d = mptest.tmpdir()
        _file(d, text)
        assert share.device_id(d) is None, text
        assert share.device_id(d, lambda: 0x1234ABCD) == "1234abcd", text
        assert share.device_id(d) == "1234abcd", text                 # kept now


def test_a_hand_made_device_id_that_is_one_is_kept():
    for value in ("0123456789abcdef", "z", "usher1"):
        d = mptest.tmpdir()
        _file(d, '{"id": "%s"}' % value)
        assert share.device_id(d, lambda: 7) == value


def test_the_link_carries_the_play_id_of_the_kept_device_id():
    d = mptest.tmpdir()
    _file(d, '{"id": ""}')
    device = share.device_id(d, lambda: 0xBADCAFE)
    assert device == "0badcafe"
    assert ("sourcePlayId", "0badcafe-3") in share.fields(LINE, device)
    assert "sourcePlayId" not in [k for k, _v in share.fields(LINE, "")]
