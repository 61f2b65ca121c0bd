# Graphics: the framebuf shim (fb), bitmaps and the renderer.
