"""Screenshots of the page for the README: python -m web.shots  (make web-screenshots)

docs/screenshots/web_desktop.png  1280 px wide window, the whole page
docs/screenshots/web_phone.png    a 390 x 844 phone screen at 2x, as first seen
Both after the same Multisala solo start played by keys (fixed seeds)."""
import os
import sys
import tempfile

from web import browser, build, serve
from web.build import ROOT

OUT = os.path.join(ROOT, "docs", "screenshots")
# Multisala solo: a round dealt and played, on its scores screen.
SCRIPT = "DOWN,DOWN,C,C,C,C,C,C,C,C,C,B,C,B,C"
SHOTS = (
    ("web_desktop.png", {"viewport": {"width": 1280, "height": 900}}, True),
    ("web_phone.png", {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
                       "is_mobile": True, "has_touch": True}, False),
)


def main(argv):
    with tempfile.TemporaryDirectory(prefix="usher-web-") as out:
        build.build(out)
        server, base = serve.start(out)
        try:
            for name, options, full in SHOTS:
                with browser.browser_context(**options) as ctx:
                    page = ctx.new_page()
                    browser.open_page(page, base + "?seeds=fixed")
                    for token in SCRIPT.split(","):
                        browser.key(page, token)
                        browser.idle(page)
                    page.evaluate("document.activeElement && document.activeElement.blur()")
                    path = os.path.join(OUT, name)
                    page.screenshot(path=path, full_page=full)
                    print(os.path.relpath(path, ROOT))
        finally:
            server.shutdown()
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
