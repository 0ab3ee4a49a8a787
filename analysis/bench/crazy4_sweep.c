/* A plain single-thread C implementation of the Crazy 4 Poker counting sweep
 * (inclusion-exclusion over subset tables, /work/shared/design.md, docs/method):
 * the baseline `make bench` divides `crazy4 analyze` by.
 *
 *   crazy4_sweep STRENGTHS QUALIFIER
 *
 * STRENGTHS: the best-four strength (uint16, native order) of every five-card hand by colex
 * index (2,598,960 of them), as crazy4.core.ranking.build_best_four_strengths(5) gives it.
 * QUALIFIER: the dealer's qualifying strength.
 *
 * For every player hand P (all 2,598,960, no suit symmetry) and threshold t, the dealer hands
 * disjoint from P of strength below t are sum over subsets S of P of (-1)^|S| N_S(t), N_S(t)
 * the five-card hands containing S below t. The sweep adds hands in increasing strength to the
 * subset counters, querying each player hand just before ("dealer lower") and just after
 * ("dealer lower or equal") its own strength is added, and every hand once when the qualifier
 * is reached ("dealer does not qualify"). Prints the totals over all player hands:
 *   lower <n> tie <n> higher <n> not_qualified <n>
 * which the benchmark checks against the engine's outcome counts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HANDS 2598960
#define DEALER_HANDS 1533939 /* C(47, 5) */

static int64_t binom[53][6];
static int32_t *counter[6];

static int64_t query(const int cards[5]) {
    int64_t total = 0;
    for (int mask = 0; mask < 32; mask++) {
        int64_t index = 0;
        int size = 0;
        for (int j = 0; j < 5; j++)
            if (mask >> j & 1) {
                index += binom[cards[j]][size + 1];
                size++;
            }
        total += (size & 1) ? -counter[size][index] : counter[size][index];
    }
    return total;
}

static void add(const int cards[5]) {
    for (int mask = 0; mask < 32; mask++) {
        int64_t index = 0;
        int size = 0;
        for (int j = 0; j < 5; j++)
            if (mask >> j & 1) {
                index += binom[cards[j]][size + 1];
                size++;
            }
        counter[size][index]++;
    }
}

static void unpack(uint32_t packed, int cards[5]) {
    for (int j = 0; j < 5; j++) cards[j] = (packed >> (6 * j)) & 63;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s STRENGTHS QUALIFIER\n", argv[0]);
        return 2;
    }
    for (int n = 0; n <= 52; n++)
        for (int k = 0; k <= 5; k++)
            binom[n][k] = k == 0 ? 1 : (n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k]);
    uint16_t *strength = malloc(sizeof(uint16_t) * HANDS);
    FILE *file = fopen(argv[1], "rb");
    if (!file || fread(strength, sizeof(uint16_t), HANDS, file) != HANDS) {
        fprintf(stderr, "cannot read %s\n", argv[1]);
        return 2;
    }
    fclose(file);
    int qualifier = atoi(argv[2]);
    /* every hand's cards, in colex order (c4 outermost) */
    uint32_t *packed = malloc(sizeof(uint32_t) * HANDS);
    int64_t h = 0;
    for (int c4 = 4; c4 < 52; c4++)
        for (int c3 = 3; c3 < c4; c3++)
            for (int c2 = 2; c2 < c3; c2++)
                for (int c1 = 1; c1 < c2; c1++)
                    for (int c0 = 0; c0 < c1; c0++)
                        packed[h++] = c0 | c1 << 6 | c2 << 12 | c3 << 18 | (uint32_t)c4 << 24;
    /* the hands ordered by strength (counting sort) */
    int levels = 0;
    for (int64_t i = 0; i < HANDS; i++)
        if (strength[i] + 1 > levels) levels = strength[i] + 1;
    int64_t *start = calloc(levels + 1, sizeof(int64_t));
    for (int64_t i = 0; i < HANDS; i++) start[strength[i] + 1]++;
    for (int v = 0; v < levels; v++) start[v + 1] += start[v];
    int64_t *fill = malloc(sizeof(int64_t) * (levels + 1));
    memcpy(fill, start, sizeof(int64_t) * (levels + 1));
    uint32_t *order = malloc(sizeof(uint32_t) * HANDS);
    for (int64_t i = 0; i < HANDS; i++) order[fill[strength[i]]++] = packed[i];
    for (int k = 0; k <= 5; k++) counter[k] = calloc(binom[52][k], sizeof(int32_t));
    int64_t lower = 0, tie = 0, higher = 0, not_qualified = 0;
    int cards[5];
    for (int v = 0; v < levels; v++) {
        if (v == qualifier)
            for (int64_t i = 0; i < HANDS; i++) {
                unpack(packed[i], cards);
                not_qualified += query(cards);
            }
        int64_t below = 0;
        for (int64_t i = start[v]; i < start[v + 1]; i++) {
            unpack(order[i], cards);
            below += query(cards);
        }
        for (int64_t i = start[v]; i < start[v + 1]; i++) {
            unpack(order[i], cards);
            add(cards);
        }
        int64_t at_most = 0;
        for (int64_t i = start[v]; i < start[v + 1]; i++) {
            unpack(order[i], cards);
            at_most += query(cards);
        }
        lower += below;
        tie += at_most - below;
        higher += (start[v + 1] - start[v]) * (int64_t)DEALER_HANDS - at_most;
    }
    if (qualifier >= levels) not_qualified = (int64_t)HANDS * DEALER_HANDS;
    printf("lower %lld tie %lld higher %lld not_qualified %lld\n", (long long)lower,
           (long long)tie, (long long)higher, (long long)not_qualified);
    return 0;
}
