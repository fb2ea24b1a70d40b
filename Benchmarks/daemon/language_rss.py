#!/usr/bin/env python3
"""Benchmark: what speaking the person's language costs medd in resident memory.

medd runs twice with 100 medications due at 08:00 and a recording notification server on a private
session bus (Tests/EndToEnd/desktop.py): once under C.UTF-8 (English, no catalog opened) and once under
LANG (default de_DE.UTF-8, compiled here with localedef through LOCPATH: the locale's data and the
German catalog mapped, every reminder's words and buttons looked up). The clock starts at 07:59:58, so
all 100 doses fire; once the server has recorded 100 notifications, VmRSS and VmHWM (peak) are read from
/proc/PID/status, RssFile and RssAnon beside them.

Target: the translated run's VmRSS at most 1 MB above the English run's.

    MEDD_BIN_DIR=... python3 Benchmarks/daemon/language_rss.py [--lang de_DE.UTF-8] [--meds 100] [--rounds 3]
"""
import argparse
import datetime
import time

import benchlib
import desktop
import locales

START = datetime.datetime(2026, 11, 22, 7, 59, 58, tzinfo=benchlib.BERLIN)


def measure(lang, meds):
    environment = {key: value for key, value in locales.env(lang).items() if key in ("LANG", "LOCPATH")}
    with desktop.SessionBus() as bus, desktop.FakeNotificationServer(bus.address) as server:
        daemon = benchlib.Daemon(benchlib.config_text(meds, times=["08:00"]), START, env=environment,
                                 desktop_bus=bus.address)
        try:
            server.wait_for(lambda s: len(s.notifies) >= len(meds), timeout=30)
            time.sleep(1)
            status = benchlib.proc_status(daemon.process.pid)
            body = server.notifies[0]["body"].split("\n")[0]
            button = server.notifies[0]["actions"][0][1]
        finally:
            daemon.cleanup()
    return {key: int(status[key].split()[0]) for key in ("VmRSS", "VmHWM", "RssFile", "RssAnon")}, body, button


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="de_DE.UTF-8")
    parser.add_argument("--meds", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    benchlib.header(f"medd's resident memory under C.UTF-8 and {args.lang}, {args.meds} reminders shown, {args.rounds} rounds")
    results = {"C.UTF-8": [], args.lang: []}
    for _ in range(args.rounds):
        for lang in results:
            memory, body, button = measure(lang, benchlib.med_ids(benchlib.run_prefix(), args.meds))
            results[lang].append(memory)
            print(f"   {lang:<12} VmRSS {memory['VmRSS'] / 1024:6.2f} MiB  VmHWM {memory['VmHWM'] / 1024:6.2f} MiB  "
                  f"RssFile {memory['RssFile'] / 1024:5.2f} MiB  RssAnon {memory['RssAnon'] / 1024:5.2f} MiB  "
                  f"(first line {body!r}, first button {button!r})")
    english = benchlib.median([m["VmRSS"] for m in results["C.UTF-8"]])
    translated = benchlib.median([m["VmRSS"] for m in results[args.lang]])
    growth = (translated - english) / 1024
    print(f"   median VmRSS: C.UTF-8 {english / 1024:.2f} MiB, {args.lang} {translated / 1024:.2f} MiB: "
          f"{growth:+.2f} MiB; target <= +1 MB: {'met' if growth * 1.048576 <= 1 else 'NOT met'}")


if __name__ == "__main__":
    main()
