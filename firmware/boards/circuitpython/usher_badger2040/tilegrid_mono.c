// The panel's picture converted a byte at a time instead of through
// displayio's per-pixel loop, for the one case Usher shows: a TileGrid of one
// tile that is a whole 1-bit Bitmap, at scale 1, with a two-colour Palette
// (or none), on a 1-bit display (docs/performance.md, CircuitPython per
// session).
//
// EPaperDisplay converts the whole 296x128 frame on every refresh of the
// Badger (it has no row window command), and displayio_tilegrid_fill_area
// does it pixel by pixel: for each pixel five divisions for the tile and the
// scale, a call to read the Bitmap, a call to the Palette and two more
// divisions to place it in a column-packed byte. On the emulated chip that was
// about a third of a button press (docs/performance.md, "Where the emulated
// chip's time goes"). This file is compiled into the board (board.c includes
// it) and the link sends Group.c's call through it (mpconfigboard.mk:
// -Wl,--wrap=displayio_tilegrid_fill_area). Every other TileGrid, and this one
// whenever a condition below fails, goes to CircuitPython's own
// displayio_tilegrid_fill_area unchanged.
//
// The loop is displayio's own (the same strides, flips, shifts and mask), with
// what is the same for every pixel taken out of it: the Palette's two output
// values are looked up once, the Bitmap's bit is read straight from its bytes
// (most significant bit first, as common_hal_displayio_bitmap_get_pixel reads
// it), and the column-packed byte's row and column step along with the offset
// instead of being divided out of it. The pictures on the emulated chip equal
// the simulator's (tests/circuitpython), as they did through the generic loop.

#include "shared-module/displayio/Bitmap.h"
#include "shared-module/displayio/Palette.h"
#include "shared-module/displayio/TileGrid.h"
#include "shared-bindings/displayio/Bitmap.h"
#include "shared-bindings/displayio/Palette.h"

bool __real_displayio_tilegrid_fill_area(displayio_tilegrid_t *self,
    const _displayio_colorspace_t *colorspace, const displayio_area_t *area,
    uint32_t *mask, uint32_t *buffer);
bool __wrap_displayio_tilegrid_fill_area(displayio_tilegrid_t *self,
    const _displayio_colorspace_t *colorspace, const displayio_area_t *area,
    uint32_t *mask, uint32_t *buffer);

// The two output values (for the Bitmap's 0 and 1) when this grid qualifies;
// false sends it the generic way.
static bool usher_mono_grid(displayio_tilegrid_t *self, const _displayio_colorspace_t *colorspace,
    uint32_t *out) {
    if (colorspace->depth != 1 || self->absolute_transform->scale != 1) {
        return false;
    }
    if (self->width_in_tiles != 1 || self->height_in_tiles != 1 || self->top_left_x != 0 ||
        self->top_left_y != 0 || self->bitmap_width_in_tiles != 1) {
        return false;
    }
    if (!mp_obj_is_type(self->bitmap, &displayio_bitmap_type)) {
        return false;
    }
    displayio_bitmap_t *bitmap = MP_OBJ_TO_PTR(self->bitmap);
    if (bitmap->bits_per_value != 1 || self->tile_width != bitmap->width ||
        self->tile_height != bitmap->height) {
        return false;
    }
    void *tiles = self->inline_tiles ? (void *)&self->tiles : self->tiles;
    if (tiles == NULL) {
        return false;
    }
    uint16_t tile = self->tiles_in_bitmap > 255 ? ((uint16_t *)tiles)[0] : ((uint8_t *)tiles)[0];
    if (tile != 0) {
        return false;
    }
    if (self->pixel_shader == mp_const_none) {
        out[0] = 0;
        out[1] = 1;
        return true;
    }
    if (!mp_obj_is_type(self->pixel_shader, &displayio_palette_type)) {
        return false;
    }
    displayio_palette_t *palette = MP_OBJ_TO_PTR(self->pixel_shader);
    if (palette->dither) {
        return false;   // a dithered colour depends on the pixel's place
    }
    for (uint32_t v = 0; v < 2; v++) {
        displayio_input_pixel_t in = {0};
        displayio_output_pixel_t o;
        in.pixel = v;
        o.pixel = 0;
        o.opaque = true;
        displayio_palette_get_color(palette, colorspace, &in, &o);
        if (!o.opaque) {
            return false;   // transparency: the layers below show through
        }
        out[v] = o.pixel;
    }
    return true;
}

bool __wrap_displayio_tilegrid_fill_area(displayio_tilegrid_t *self,
    const _displayio_colorspace_t *colorspace, const displayio_area_t *area,
    uint32_t *mask, uint32_t *buffer) {
    uint32_t out[2];
    uint16_t area_width = displayio_area_width(area);
    if (self->hidden || self->hidden_by_parent || area_width < 2 ||
        !usher_mono_grid(self, colorspace, out)) {
        return __real_displayio_tilegrid_fill_area(self, colorspace, area, mask, buffer);
    }
    displayio_area_t overlap;
    if (!displayio_area_compute_overlap(area, &self->current_area, &overlap)) {
        return false;
    }

    // From here to the loop: displayio_tilegrid_fill_area's own set-up.
    int16_t x_stride = 1;
    int16_t y_stride = area_width;

    bool flip_x = self->flip_x;
    bool flip_y = self->flip_y;
    if (self->transpose_xy != self->absolute_transform->transpose_xy) {
        bool temp_flip = flip_x;
        flip_x = flip_y;
        flip_y = temp_flip;
    }

    uint16_t start = 0;
    if ((self->absolute_transform->dx < 0) != flip_x) {
        start += (area->x2 - area->x1 - 1) * x_stride;
        x_stride *= -1;
    }
    if ((self->absolute_transform->dy < 0) != flip_y) {
        start += (area->y2 - area->y1 - 1) * y_stride;
        y_stride *= -1;
    }

    bool full_coverage = displayio_area_equal(area, &overlap);

    displayio_area_t transformed;
    displayio_area_transform_within(flip_x != (self->absolute_transform->dx < 0), flip_y != (self->absolute_transform->dy < 0), self->transpose_xy != self->absolute_transform->transpose_xy,
        &overlap,
        &self->current_area,
        &transformed);

    int16_t start_x = (transformed.x1 - self->current_area.x1);
    int16_t end_x = (transformed.x2 - self->current_area.x1);
    int16_t start_y = (transformed.y1 - self->current_area.y1);
    int16_t end_y = (transformed.y2 - self->current_area.y1);

    int16_t y_shift = 0;
    int16_t x_shift = 0;
    if ((self->absolute_transform->dx < 0) != flip_x) {
        x_shift = area->x2 - overlap.x2;
    } else {
        x_shift = overlap.x1 - area->x1;
    }
    if ((self->absolute_transform->dy < 0) != flip_y) {
        y_shift = area->y2 - overlap.y2;
    } else {
        y_shift = overlap.y1 - area->y1;
    }

    if (self->transpose_xy != self->absolute_transform->transpose_xy) {
        int16_t temp_stride = x_stride;
        x_stride = y_stride;
        y_stride = temp_stride;
        int16_t temp_shift = x_shift;
        x_shift = y_shift;
        y_shift = temp_shift;
    }

    // The loop, in 32-bit arithmetic. x_stride is +-1 (along a row of the
    // area) or +-area_width (down a column of it): the packed byte's row or
    // column steps with it. In the column-packed layout a pixel at (row, col)
    // of the area is bit (row & 7) of byte col + (row >> 3) * area_width
    // (displayio's col * 8 + (row / 8) * 8 * width + row % 8, over 8).
    displayio_bitmap_t *bitmap = MP_OBJ_TO_PTR(self->bitmap);
    const uint8_t *bits = (const uint8_t *)bitmap->data;
    int32_t bitmap_row_bytes = bitmap->stride * 4;
    int32_t width = area_width;
    int32_t xs = x_stride;
    bool packed_columns = !colorspace->pixels_in_byte_share_row;
    uint32_t flip = colorspace->reverse_pixels_in_byte ? 7 : 0;
    int32_t col_step = 0;
    int32_t row_step = 0;
    if (xs == 1 || xs == -1) {
        col_step = xs;
    } else {
        row_step = xs > 0 ? 1 : -1;
    }
    // The mask says which pixels a layer above already set. EPaperDisplay
    // clears it before each piece of the frame, and Usher's Group holds this
    // grid alone: when it is clear and this grid covers the area, no pixel
    // needs its test, and the whole area's bits are set after the loop.
    int32_t pixels = (int32_t)displayio_area_size(area);
    bool test_mask = !full_coverage;
    for (int32_t i = 0; !test_mask && i < (pixels + 31) / 32; i++) {
        test_mask = mask[i] != 0;
    }
    uint8_t *bytes = (uint8_t *)buffer;
    for (int32_t y = start_y; y < end_y; ++y) {
        int32_t offset = start + (y - start_y + y_shift) * y_stride + x_shift * xs;
        const uint8_t *src = bits + y * bitmap_row_bytes;
        int32_t row = offset / width;
        int32_t col = offset - row * width;
        for (int32_t x = start_x; x < end_x; ++x, offset += xs, row += row_step, col += col_step) {
            if (test_mask) {
                uint32_t bit = 1u << (offset & 31);
                uint32_t *m = &mask[offset >> 5];
                if (*m & bit) {
                    continue;
                }
                *m |= bit;
            }
            uint32_t pixel = out[(src[x >> 3] >> (7 - (x & 7))) & 1];
            if (packed_columns) {
                bytes[col + (row >> 3) * width] |= pixel << ((row & 7) ^ flip);
            } else {
                bytes[offset >> 3] |= pixel << ((offset & 7) ^ flip);
            }
        }
    }
    if (!test_mask) {
        for (int32_t i = 0; i < pixels / 32; i++) {
            mask[i] = 0xffffffff;
        }
        if (pixels & 31) {
            mask[pixels / 32] |= (1u << (pixels & 31)) - 1;
        }
    }
    return full_coverage;
}
