# Usher in the browser: the page (index.html, style.css, main.js), its
# MicroPython backend (webdevice.py), the build (python -m web.build) and a
# local server (python -m web.serve). See docs/web.md.
