# S1-S6: the slap pads (capture ring, debounce, stuck, overflow).
