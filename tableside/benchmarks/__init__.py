"""Benchmarks behind ``tableside bench``; each compares us with a named peer in one run."""
