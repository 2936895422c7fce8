#!/usr/bin/env python
import gc
import os
import sys


def main():
    # Off while Django starts; common's AppConfig.ready() turns it back on (docs/performance.md,
    # "Starting a process").
    gc.disable()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
