# The device UI: drawing (canvas, text, icons), screens and widgets, the
# refresh policy and the App the device layer drives (see APP_CONTRACT.md).
