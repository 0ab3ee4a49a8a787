/* A plain single-thread C implementation of the Four Card Poker counting sweep
 * (inclusion-exclusion over subset tables with the dealer's up card forced, /work/shared/design.md,
 * crazy4/core/forced.py): the baseline `make bench` divides
 * `crazy4 analyze --rules four-card-standard` by.
 *
 *   four_card_sweep STRENGTHS5 STRENGTHS6 [THRESHOLD...]
 *
 * STRENGTHS5: the best-four strength (uint16, native order) of every five-card hand by colex
 * index (2,598,960), STRENGTHS6 the same of every six-card hand (20,358,520), as
 * crazy4.core.ranking.build_best_four_strengths(5) and (6) give them. THRESHOLDS: extra strengths
 * (the first strength of each hand category from pair up) below which every situation's
 * completions are also counted (the dealer's category distribution).
 *
 * A situation is a player hand P (all 2,598,960, no suit symmetry) and an up card u not in P:
 * 122,151,120 of them, each with C(46, 5) = 1,370,754 hidden completions. The completions whose
 * six-card hand is below a strength t are sum over subsets S of P of (-1)^|S| N_{S+u}(t), N_T(t)
 * the six-card hands containing T below t. The sweep adds the six-card hands in increasing
 * strength to the subset counters (sets of 1 to 6 cards), querying every situation of a player
 * hand of strength v just before ("dealer lower") and just after ("dealer lower or equal") the
 * hands of strength v are added, and every situation once at each threshold. Prints the totals
 * over all situations:
 *   lower <n> tie <n> higher <n> below_<t> <n> ...
 * which the benchmark checks against the engine's outcome counts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HANDS5 2598960
#define HANDS6 20358520
#define COMPLETIONS 1370754 /* C(46, 5) */
#define MAX_THRESHOLDS 16

static int64_t binom[53][8];
static int32_t *counter[7];

/* completions of the situation (cards, up) whose six-card hand is already added */
static int64_t query(const int cards[5], int up) {
    int64_t total = 0;
    for (int mask = 0; mask < 32; mask++) {
        int64_t index = 0;
        int size = 0, placed = 0;
        for (int j = 0; j < 5; j++)
            if (mask >> j & 1) {
                if (!placed && up < cards[j]) {
                    index += binom[up][size + 1];
                    size++;
                    placed = 1;
                }
                index += binom[cards[j]][size + 1];
                size++;
            }
        if (!placed) {
            index += binom[up][size + 1];
            size++;
        }
        /* |S| = size - 1 */
        total += (size & 1) ? counter[size][index] : -counter[size][index];
    }
    return total;
}

/* all situations of one player hand */
static int64_t query_hand(const int cards[5]) {
    int64_t total = 0;
    int j = 0;
    for (int up = 0; up < 52; up++) {
        if (j < 5 && cards[j] == up) {
            j++;
            continue;
        }
        total += query(cards, up);
    }
    return total;
}

static void add(const int cards[6]) {
    for (int mask = 1; mask < 64; mask++) {
        int64_t index = 0;
        int size = 0;
        for (int j = 0; j < 6; j++)
            if (mask >> j & 1) {
                index += binom[cards[j]][size + 1];
                size++;
            }
        counter[size][index]++;
    }
}

static void unpack(uint64_t packed, int cards[], int n) {
    for (int j = 0; j < n; j++) cards[j] = (packed >> (6 * j)) & 63;
}

static uint16_t *read_table(const char *path, int64_t n) {
    uint16_t *table = malloc(sizeof(uint16_t) * n);
    FILE *file = fopen(path, "rb");
    if (!table || !file || fread(table, sizeof(uint16_t), n, file) != (size_t)n) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(2);
    }
    fclose(file);
    return table;
}

/* the hands of `size` cards by colex index, packed 6 bits a card, then sorted by strength
 * (counting sort); start[v] is the first hand of strength v */
static uint64_t *by_strength(const uint16_t *strength, int size, int64_t n, int levels,
                             int64_t *start, uint64_t **colex) {
    uint64_t *packed = malloc(sizeof(uint64_t) * n);
    int64_t h = 0;
    int c[6];
    /* colex order: the top card outermost */
    for (c[size - 1] = size - 1; c[size - 1] < 52; c[size - 1]++) {
        int k = size - 2;
        for (int j = 0; j < size - 1; j++) c[j] = j;
        for (;;) {
            uint64_t p = 0;
            for (int j = 0; j < size; j++) p |= (uint64_t)c[j] << (6 * j);
            packed[h++] = p;
            /* next combination of c[0..size-2] below c[size-1], colex */
            k = 0;
            while (k < size - 1 && c[k] + 1 == (k + 1 < size - 1 ? c[k + 1] : c[size - 1])) k++;
            if (k == size - 1) break;
            c[k]++;
            for (int j = 0; j < k; j++) c[j] = j;
        }
    }
    if (h != n) {
        fprintf(stderr, "enumerated %lld hands, expected %lld\n", (long long)h, (long long)n);
        exit(2);
    }
    memset(start, 0, sizeof(int64_t) * (levels + 1));
    for (int64_t i = 0; i < n; i++) start[strength[i] + 1]++;
    for (int v = 0; v < levels; v++) start[v + 1] += start[v];
    int64_t *fill = malloc(sizeof(int64_t) * (levels + 1));
    memcpy(fill, start, sizeof(int64_t) * (levels + 1));
    uint64_t *order = malloc(sizeof(uint64_t) * n);
    for (int64_t i = 0; i < n; i++) order[fill[strength[i]]++] = packed[i];
    free(fill);
    *colex = packed;
    return order;
}

int main(int argc, char **argv) {
    if (argc < 3 || argc - 3 > MAX_THRESHOLDS) {
        fprintf(stderr, "usage: %s STRENGTHS5 STRENGTHS6 [THRESHOLD...]\n", argv[0]);
        return 2;
    }
    for (int n = 0; n <= 52; n++)
        for (int k = 0; k <= 7; k++)
            binom[n][k] = k == 0 ? 1 : (n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k]);
    uint16_t *strength5 = read_table(argv[1], HANDS5);
    uint16_t *strength6 = read_table(argv[2], HANDS6);
    int n_thresholds = argc - 3;
    int threshold[MAX_THRESHOLDS];
    for (int i = 0; i < n_thresholds; i++) threshold[i] = atoi(argv[3 + i]);
    int levels = 0;
    for (int64_t i = 0; i < HANDS5; i++)
        if (strength5[i] + 1 > levels) levels = strength5[i] + 1;
    for (int64_t i = 0; i < HANDS6; i++)
        if (strength6[i] + 1 > levels) levels = strength6[i] + 1;
    int64_t *start5 = malloc(sizeof(int64_t) * (levels + 1));
    int64_t *start6 = malloc(sizeof(int64_t) * (levels + 1));
    uint64_t *colex5, *colex6;
    uint64_t *order5 = by_strength(strength5, 5, HANDS5, levels, start5, &colex5);
    uint64_t *order6 = by_strength(strength6, 6, HANDS6, levels, start6, &colex6);
    free(colex6);
    for (int k = 1; k <= 6; k++) counter[k] = calloc(binom[52][k], sizeof(int32_t));
    int64_t lower = 0, tie = 0, higher = 0, below[MAX_THRESHOLDS] = {0};
    int cards[6];
    for (int v = 0; v <= levels; v++) {
        for (int i = 0; i < n_thresholds; i++)
            if (threshold[i] == v)
                for (int64_t h = 0; h < HANDS5; h++) {
                    unpack(colex5[h], cards, 5);
                    below[i] += query_hand(cards);
                }
        if (v == levels) break;
        int64_t before = 0;
        for (int64_t i = start5[v]; i < start5[v + 1]; i++) {
            unpack(order5[i], cards, 5);
            before += query_hand(cards);
        }
        for (int64_t i = start6[v]; i < start6[v + 1]; i++) {
            unpack(order6[i], cards, 6);
            add(cards);
        }
        int64_t at_most = 0;
        for (int64_t i = start5[v]; i < start5[v + 1]; i++) {
            unpack(order5[i], cards, 5);
            at_most += query_hand(cards);
        }
        lower += before;
        tie += at_most - before;
        higher += (start5[v + 1] - start5[v]) * 47 * (int64_t)COMPLETIONS - at_most;
    }
    printf("lower %lld tie %lld higher %lld", (long long)lower, (long long)tie, (long long)higher);
    for (int i = 0; i < n_thresholds; i++)
        printf(" below_%d %lld", threshold[i], (long long)below[i]);
    printf("\n");
    return 0;
}
