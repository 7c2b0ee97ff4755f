"""The ludoscribe command line."""
