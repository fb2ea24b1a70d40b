/* One load generator for taken_roundtrip.py: sends Taken for each dose ID in DOSES_FILE on one
 * connection, waiting for each reply, and writes each round trip in nanoseconds to OUT_FILE.
 * In C so that eight of them on two cores leave the CPU to the daemon being measured.
 * usage: taken_client SOCKET DOSES_FILE OUT_FILE START_REALTIME_NS */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/un.h>

static long long now_ns(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: %s SOCKET DOSES_FILE OUT_FILE START_REALTIME_NS\n", argv[0]); return 2; }
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un address = { .sun_family = AF_UNIX };
    strncpy(address.sun_path, argv[1], sizeof address.sun_path - 1);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) { perror("connect"); return 1; }
    FILE *doses = fopen(argv[2], "r");
    FILE *out = fopen(argv[3], "w");
    if (!doses || !out) { perror("fopen"); return 1; }
    static char ids[4096][96];
    int count = 0;
    while (count < 4096 && fgets(ids[count], sizeof ids[count], doses)) {
        ids[count][strcspn(ids[count], "\n")] = 0;
        count++;
    }
    static long long latency[4096];
    long long start = atoll(argv[4]);
    while (now_ns(CLOCK_REALTIME) < start) usleep(100);
    long long began = now_ns(CLOCK_MONOTONIC);
    int errors = 0;
    char message[256], reply[65536];
    for (int i = 0; i < count; i++) {
        int length = snprintf(message, sizeof message,
                              "{\"method\":\"io.medd.Control.Taken\",\"parameters\":{\"dose\":\"%s\"}}", ids[i]);
        long long t0 = now_ns(CLOCK_MONOTONIC);
        if (write(fd, message, length + 1) != length + 1) { perror("write"); return 1; }
        size_t used = 0;
        for (;;) {
            ssize_t got = read(fd, reply + used, sizeof reply - 1 - used);
            if (got <= 0) { fprintf(stderr, "connection closed\n"); return 1; }
            used += got;
            if (memchr(reply + used - got, 0, got)) break;
        }
        latency[i] = now_ns(CLOCK_MONOTONIC) - t0;
        reply[used] = 0;
        if (strstr(reply, "\"error\"") || !strstr(reply, "\"taken\"")) errors++;
    }
    long long ended = now_ns(CLOCK_MONOTONIC);
    fprintf(out, "%lld %lld %d\n", began, ended, errors);
    for (int i = 0; i < count; i++) fprintf(out, "%lld\n", latency[i]);
    fclose(out);
    return 0;
}
