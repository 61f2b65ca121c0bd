"""Opening the simulator's window, or saying clearly why there is none."""
import os

# SDL falls back to these when there is no screen: the window would then run
# invisibly and never end.  They are fine when asked for on purpose (the
# tests and CI set SDL_VIDEODRIVER=dummy).
INVISIBLE = ("offscreen", "dummy")


def missing():
    """Why no window can be shown here, or None when one can."""
    import pygame
    try:
        pygame.display.init()
    except pygame.error as e:
        return "no window can be opened (%s)" % e
    driver = pygame.display.get_driver()
    pygame.display.quit()
    if driver in INVISIBLE and not os.environ.get("SDL_VIDEODRIVER"):
        return "no screen here (SDL found only its %r video driver)" % driver
    return None


def open_window(size):
    """The display surface, or raise RuntimeError with a one-line reason."""
    import pygame
    try:
        pygame.display.init()
        pygame.font.init()
    except pygame.error as e:
        raise RuntimeError("no window can be opened (%s); use --headless" % e)
    driver = pygame.display.get_driver()
    if driver in INVISIBLE and not os.environ.get("SDL_VIDEODRIVER"):
        pygame.display.quit()
        raise RuntimeError("no screen here (SDL found only its %r video driver); "
                           "use --headless, or run it where a desktop is shown" % driver)
    try:
        return pygame.display.set_mode(size)
    except pygame.error as e:
        raise RuntimeError("no window can be opened (%s); use --headless" % e)
