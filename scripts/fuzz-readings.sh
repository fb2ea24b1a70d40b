#!/usr/bin/env bash
# Builds the libFuzzer target for the readings parsers (ReadingValue, MeasurementTarget, Reading's count and recorded
# readings) and the CSV reader `medctl import` uses (CSVReader), all in MeddCore, and runs it.
# Usage: scripts/fuzz-readings.sh [values|csv] [SECONDS] [extra libFuzzer flags...]   (default values, 600 s)
#   values  the first byte of an input picks a value, a target, a count or a recorded reading (see
#           Fuzz/ReadingsFuzz/Sources/ReadingsFuzz/ReadingsFuzz.swift);
#   csv     every input is a CSV file.
# One binary serves both, told which by MEDD_FUZZ_READINGS; it is built once, in .build-fuzz/readings/build. Each
# selector has its own work folder, .build-fuzz/readings/values/ or .build-fuzz/readings/csv/: crash-*/timeout-* and
# the corpus (corpus/). To replay a crash: MEDD_FUZZ_READINGS=csv .build-fuzz/readings/build/release/ReadingsFuzz FILE
set -euo pipefail
source "$(dirname "$0")/fuzz-common.sh"
selector=values
case ${1:-} in
values | csv)
    selector=$1
    shift
    ;;
esac
fuzz_init "readings/$selector" "$@"

# Built from Fuzz/ReadingsFuzz with the flags fuzz-common.sh gives (MeddCore is Swift only), beside the two work folders.
selector_work=$work
work=$(dirname "$work")
fuzz_build ReadingsFuzz
fuzz_require_asan MeddCore.build/ReadingValue.swift.o MeddCore.build/MeasurementTarget.swift.o \
    MeddCore.build/Measurement.swift.o MeddCore.build/CSVReader.swift.o
work=$selector_work

corpus=$work/corpus
if [ "$selector" = values ]; then
    # Byte 0 picks the parser: 0 a value, 1 a target, 2 a count, 3 a recorded reading. For a value, byte 1 is the kind
    # (bits 0-2: 0 blood_pressure, 1 glucose, 2 weight, 3 temperature, 4 heart_rate, 5 spo2, 6 scale, 7 number), the
    # decimal separator (bit 3: 0 ".", 1 ",") and the unit (bits 4-7: the kind's own units first); for the others,
    # byte 1 is the kind.
    printf '0\x00%s' '132/84/71' >"$corpus/seed-value-blood-pressure"
    printf '0\x00%s' ' 120/80 ' >"$corpus/seed-value-blood-pressure-no-pulse"
    printf '0\x01%s' '95' >"$corpus/seed-value-glucose"
    printf '0\x19%s' '5,6' >"$corpus/seed-value-glucose-mmol-comma"
    printf '0\x02%s' '72.5' >"$corpus/seed-value-weight"
    printf '0\x12%s' '160.5' >"$corpus/seed-value-weight-lb"
    printf '0\x0b%s' '36,8' >"$corpus/seed-value-temperature-comma"
    printf '0\x13%s' '98.6' >"$corpus/seed-value-temperature-f"
    printf '0\x04%s' '72' >"$corpus/seed-value-heart-rate"
    printf '0\x05%s' '97' >"$corpus/seed-value-spo2"
    printf '0\x06%s' '3' >"$corpus/seed-value-scale"
    printf '0\xf7\x05steps%s' '-1.125' >"$corpus/seed-value-number-own-unit"
    printf '1\x00%s' '135/85' >"$corpus/seed-target-blood-pressure"
    printf '1\x01%s\n%s' '70-130' '95' >"$corpus/seed-target-glucose"
    printf '1\x03%s\n%s' '36-37.5' '36.8' >"$corpus/seed-target-temperature"
    printf '1\x07%s\n%s' '-2.5--0.001' '132/84' >"$corpus/seed-target-number"
    printf '2%s' '1/2' >"$corpus/seed-count"
    printf '2%s' '5/5' >"$corpus/seed-count-last"
    printf '3\x00%s\n%s\n%s\n%s' '132/84/71' 'mmHg' '135/85' '1/2' >"$corpus/seed-recorded-blood-pressure"
    printf '3\x01%s\n%s\n%s\n%s' '5.6' 'mmol/L' '4-7.8' '2/2' >"$corpus/seed-recorded-glucose"
    printf '3\x07%s\n%s' '0.25' '' >"$corpus/seed-recorded-number"
else
    # What `medctl measurements --format csv` writes: the header and two readings, the second with a note holding a
    # comma, a doubled quote and a line break.
    header='measurement,kind,taken_at,usec,value,unit,systolic,diastolic,pulse,target,in_target,reminder,reading,source,note'
    printf '%s\r\n%s\r\n%s\r\n' "$header" \
        'bp,blood_pressure,2026-11-22T07:31:05+01:00,1795329065000000,132/84/71,mmHg,132,84,71,135/85,yes,bp_20261122_07_30,1/2,cli,' \
        'sugar,glucose,2026-11-22T08:02:00+01:00,1795330920000000,5.6,mmol/L,,,,4-7.8,yes,sugar_20261122_08_00,1/1,desktop,"before breakfast, ""fasting""
second line"' >"$corpus/seed-csv-readings"
    printf '%s\n%s\n' "$header" 'w,weight,2026-11-23T07:00:00Z,1795417200000000,72.5,kg,,,,,,w_20261123_07_00,1/1,hook,' \
        >"$corpus/seed-csv-lf"
    printf '%s' 'a,"b ""c"" d",,"e,f"' >"$corpus/seed-csv-no-final-line-break"
fi

export MEDD_FUZZ_READINGS=$selector
fuzz_run "$bin_dir/ReadingsFuzz" -max_len=4096 -timeout=10 -dict="$root/Fuzz/ReadingsFuzz/readings.dict"
