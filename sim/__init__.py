"""The box on a PC: the simulator window, headless runs and replay (docs/sim.md)."""
