"""--screenshots DIR: a PNG of the window at every change of screen.

Files are numbered in order and carry the virtual time, e.g.
0007_t12.350s.png, so a folder of them reads as a strip of the game."""
import os


class Shooter:
    def __init__(self, folder, surface, limit=5000):
        self.folder = folder
        self.surface = surface
        self.last = None
        self.count = 0
        self.limit = limit     # a runaway game must not fill the disk
        self.files = []

    def maybe(self, key, t_us):
        """Save the surface if `key` (what is on the screen) changed."""
        if key is None or key == self.last or self.count >= self.limit:
            return None
        self.last = key
        import pygame
        name = os.path.join(self.folder, "%04d_t%.3fs.png" % (self.count, t_us / 1e6))
        pygame.image.save(self.surface, name)
        self.count += 1
        self.files.append(name)
        return name
