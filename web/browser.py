"""Open the built page in the system's Chromium with Playwright and drive it:
shared by tests/host/test_web_page.py, bench/web.py and web/shots.py. Never
downloads a browser: it launches /usr/bin/chromium (Debian's package,
installed by `make setup`)."""
import contextlib
import os

CHROMIUM = os.environ.get("USHER_CHROMIUM", "/usr/bin/chromium")
# Flags known to work on a headless machine without a GPU or network.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
KEYS = {"A": "a", "B": "b", "C": "c", "UP": "ArrowUp", "DOWN": "ArrowDown"}

# The page's canvas as a MONO_HLSB frame (1 = ink), read back from its pixels:
# the middle pixel of each scaled panel pixel decides; `mixed` counts device
# pixels that differ from the rest of their block (0 = sharp integer scale)
# and `colors` lists the distinct colours (two: ink and paper).
READ_CANVAS_JS = """() => {
  const c = document.getElementById('screen');
  const s = window.usher.scale;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  const out = new Uint8Array(37 * 128);
  let mixed = 0;
  const colors = new Set();
  for (let y = 0; y < 128; y++) {
    for (let x = 0; x < 296; x++) {
      const i0 = ((y * s) * c.width + x * s) * 4;
      const v = d[i0] << 16 | d[i0 + 1] << 8 | d[i0 + 2];
      colors.add(v);
      for (let dy = 0; dy < s; dy++) {
        for (let dx = 0; dx < s; dx++) {
          const i = ((y * s + dy) * c.width + x * s + dx) * 4;
          if ((d[i] << 16 | d[i + 1] << 8 | d[i + 2]) !== v) mixed++;
        }
      }
      if (d[i0] + d[i0 + 1] + d[i0 + 2] < 3 * 128) out[y * 37 + (x >> 3)] |= 0x80 >> (x & 7);
    }
  }
  let hex = '';
  for (const b of out) hex += b.toString(16).padStart(2, '0');
  return {hex: hex, mixed: mixed, colors: [...colors], scale: s, width: c.width, height: c.height};
}"""


@contextlib.contextmanager
def chromium():
    """The system's Chromium, headless. Playwright gives every launch a fresh
    temporary profile (its own --user-data-dir), deleted at close."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        try:
            yield b
        finally:
            b.close()


@contextlib.contextmanager
def browser_context(**context_args):
    """A Chromium of its own with one context (viewport, is_mobile, ...)."""
    with chromium() as b:
        ctx = b.new_context(**context_args)
        try:
            yield ctx
        finally:
            ctx.close()


def wait_first_frame(page, timeout_ms=60000):
    page.wait_for_function("window.usher && (window.usher.timings.firstFrame !== undefined"
                           " || window.usher.error !== null)", timeout=timeout_ms)
    error = page.evaluate("window.usher.error")
    if error:
        raise AssertionError("the page failed: %s" % error)
    page.evaluate("window.usher.idle()")


def open_page(page, url, timeout_ms=60000):
    page.goto(url)
    wait_first_frame(page, timeout_ms)


def idle(page):
    page.evaluate("window.usher.idle()")


def canvas(page):
    """(frame bytes, details) of the page's canvas."""
    r = page.evaluate(READ_CANVAS_JS)
    return bytes.fromhex(r["hex"]), r


def steps(page):
    return page.evaluate("window.usher.steps.length")


def shown_since(page, n):
    """The refreshes the page showed since step n."""
    out = []
    for s in page.evaluate("window.usher.steps.slice(%d)" % n):
        out.extend(tuple(r) for r in s["shown"])
    return out


def click(page, button):
    page.click('[data-button="%s"]' % button)


def key(page, button):
    page.keyboard.press(KEYS[button])


def hold(page, button, ms):
    """Hold an on-page button with the mouse for ms milliseconds."""
    box = page.locator('[data-button="%s"]' % button).bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_timeout(ms)
    page.mouse.up()


def stored_files(page):
    """{path: base64} of the data folder as the page keeps it in localStorage."""
    return page.evaluate("""() => {
      const out = {};
      for (let i = 0; i < localStorage.length; i++) {
        const k = localStorage.key(i);
        if (k.startsWith('usher:file:')) out[k.slice(11)] = localStorage.getItem(k);
      }
      return out;
    }""")


def touch_hold(page, button, ms):
    """Hold an on-page button with a finger (Chromium's touch input) for ms
    milliseconds; the context needs has_touch."""
    box = page.locator('[data-button="%s"]' % button).bounding_box()
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
        page.wait_for_timeout(ms)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()
