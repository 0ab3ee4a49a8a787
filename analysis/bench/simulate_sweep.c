/* A plain single-thread C implementation of crazy4's compiled Crazy 4 Poker simulator (summary
 * mode): the baseline `make bench-simulate` divides `crazy4 simulate` by.
 *
 *   simulate_sweep INPUT OUTPUT
 *
 * Build: cc -O2 -march=native -std=c99 (what analysis/bench_simulate.py uses by default; its
 * --c-opt -O3 builds with -O3, where gcc also vectorizes the one-seat column pass, as numba's
 * LLVM does). A 128-bit integer where the compiler has one, else 64-bit halves; BMI2's pdep
 * for the select-bit when -march=native has it, else a loop; the random-read tables in huge
 * pages where Linux gives them on request (numpy asks for them for its large arrays).
 *
 * The method is crazy4's, per chunk (crazy4/simulate/kernel.py, crazy4/simulate/pcg.py,
 * crazy4/games/crazy_four/simulate.py kernel_chunk, simulate_kernel.py):
 *   - the draws: numpy's PCG64 (128-bit LCG, step then XSL-RR output) and its bounded int32
 *     draws (32-bit halves of a 64-bit output, the low one first, the high one kept for the
 *     next draw; Lemire's multiply-and-reject), bit for bit, from the chunk's state as
 *     crazy4.simulate.pcg.state_of gives it: per chunk, hand after hand, `rounds` draws below
 *     C(52 - 5h, 5);
 *   - every hand's relative cards from one packed table (crazy4.core.deal.packed_combinations(5):
 *     C(52, 5) uint32, 6 bits a card; a later hand's draw is below C(47, 5), C(42, 5), ...);
 *     the first hand's relative cards are its cards and its draw is its colex index; the second
 *     hand's card c is c + #{j : first[j] - j <= c}; a later hand's card c is the c-th undealt
 *     card; colex = sum over the sorted cards of C(card_j, j + 1);
 *   - every hand's word seat_word[colex] (uint16, strength * 4 + decision), the dealer's (the
 *     last hand) strength word >> 2;
 *   - the counts of crazy_four_rounds: dealer[strength] += 1; a seat's cell is 3 if the dealer
 *     qualifies (strength >= QUALIFIER) else 0, + 1 on a tie, + 2 below the dealer;
 *     seat_counts[word * 6 + cell] += 1; with more than one seat, per bet the square of the
 *     round's total net (nets_by_key: the distinct rows and each key's row) is added (int64:
 *     the caller checks it fits, crazy4.simulate.kernel.squares_fit). No blind hands.
 * In passes over a chunk, as the compiled kernel does (so that many rounds' table reads are in
 * flight at once): the draws; every hand's relative cards (and the first hand's word); the
 * later hands' colex indices (one seat: the second hand's by whole columns; more: round by
 * round); the later hands' words; the counts.
 *
 * INPUT (native byte order; written by analysis/bench_simulate.py):
 *   int64 header[10]: MAGIC, mode (0: Crazy 4 Poker), C(52, 5), seats, qualifier, key bins,
 *                     strengths, bets, net rows, chunks;
 *   uint32 packed5[C(52, 5)]; uint16 seat_word[C(52, 5)];
 *   int64 nets[net rows][bets]; uint16 row_of[key bins];
 *   per chunk: int64 rounds, uint64 state[6] (state high, state low, inc high, inc low,
 *   has_uint32, uinteger).
 * OUTPUT: int64 rounds, seat_counts[key bins], dealer[strengths], squares[bets] (zeros with
 * one seat).
 * Prints "rounds <n> seconds <s>": the wall time of the chunks (draws, dealing and counting),
 * not of reading the input or writing the output. */
#define _POSIX_C_SOURCE 200112L /* clock_gettime, posix_memalign */
#define _DEFAULT_SOURCE           /* madvise */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif
#ifdef __linux__
#include <sys/mman.h>
#endif

#define MAGIC 0x314D495334435A43LL /* "CZ4CSIM1" */
#define HANDS5 2598960
#define MAX_HANDS 8
#define MAX_BETS 16
#define CHUNK_MAX 65536

typedef struct {
    uint64_t high, low, inc_high, inc_low, has_kept, kept;
} pcg64;

static const uint64_t M_HIGH = 0x2360ED051FC65DA4ULL, M_LOW = 0x4385DF649FCCF645ULL;

static inline uint64_t mul_high(uint64_t a, uint64_t b) {
#ifdef __SIZEOF_INT128__
    __extension__ typedef unsigned __int128 wide;
    return (uint64_t)(((wide)a * b) >> 64);
#else
    uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
    uint64_t low = a0 * b0, mid1 = a1 * b0, mid2 = a0 * b1;
    uint64_t carry = ((low >> 32) + (mid1 & 0xFFFFFFFFu) + (mid2 & 0xFFFFFFFFu)) >> 32;
    return a1 * b1 + (mid1 >> 32) + (mid2 >> 32) + carry;
#endif
}

/* numpy's pcg64_random_r: step, then the XSL-RR output of the new state. */
static inline uint64_t next64(pcg64 *g) {
    uint64_t product_low = g->low * M_LOW;
    uint64_t new_low = product_low + g->inc_low;
    uint64_t carry = new_low < product_low;
    g->high = g->high * M_LOW + g->low * M_HIGH + mul_high(g->low, M_LOW) + g->inc_high + carry;
    g->low = new_low;
    uint64_t value = g->high ^ g->low;
    unsigned rotate = (unsigned)(g->high >> 58);
    return (value >> rotate) | (value << ((64 - rotate) & 63));
}

/* numpy's pcg64_next32: the kept high half, else a new output's low half (keeping its high). */
static inline uint32_t next32(pcg64 *g) {
    if (g->has_kept) {
        g->has_kept = 0;
        return (uint32_t)g->kept;
    }
    uint64_t value = next64(g);
    g->kept = value >> 32;
    g->has_kept = 1;
    return (uint32_t)value;
}

/* numpy's random_bounded_uint32_fill for 2 <= n < 2**32 (Lemire's method). */
static void bounded_draws(pcg64 *g, uint32_t n, int64_t count, uint32_t *out) {
    uint32_t threshold = (uint32_t)(0x100000000ULL - n) % n;
    for (int64_t i = 0; i < count; i++) {
        uint64_t product;
        do
            product = (uint64_t)next32(g) * n;
        while ((uint32_t)product < threshold);
        out[i] = (uint32_t)(product >> 32);
    }
}

/* The c-th (from 0) set bit of free. */
static inline int select_bit(uint64_t free, int c) {
#ifdef __BMI2__
    return __builtin_ctzll(_pdep_u64(1ULL << c, free));
#else
    for (int i = 0; i < c; i++)
        free &= free - 1;
    return __builtin_ctzll(free);
#endif
}

static int64_t binom[53][6];

/* The undealt cards below each of the first hand's sorted cards (packed 6 bits a card). */
static inline void below_first(uint32_t first, int t[5]) {
    for (int j = 0; j < 5; j++)
        t[j] = (int)(first >> (6 * j) & 63) - j;
}

/* The second hand's relative card c after the first hand: c + #{j : t[j] <= c}. */
static inline int after_first(int c, const int t[5]) {
    return c + (t[0] <= c) + (t[1] <= c) + (t[2] <= c) + (t[3] <= c) + (t[4] <= c);
}

/* An array for a table read at random: aligned to 2 MiB and, on Linux, in transparent huge
 * pages where the system allows them on request (as numpy asks for its arrays of 4 MiB or
 * more), so that random reads are not also TLB misses. */
static void *table_array(size_t bytes) {
    const size_t huge = (size_t)1 << 21;
    size_t rounded = (bytes + huge - 1) / huge * huge;
    void *p = NULL;
    if (posix_memalign(&p, huge, rounded ? rounded : huge) != 0)
        return NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= ((size_t)4 << 20))
        madvise(p, rounded, MADV_HUGEPAGE);
#endif
    return p;
}

static void *read_array(FILE *f, size_t size, size_t count, const char *what) {
    void *p = table_array(size * count);
    if (p == NULL || fread(p, size, count, f) != count) {
        fprintf(stderr, "simulate_sweep: cannot read %s\n", what);
        exit(2);
    }
    return p;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: simulate_sweep INPUT OUTPUT\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (f == NULL) {
        fprintf(stderr, "simulate_sweep: cannot open %s\n", argv[1]);
        return 2;
    }
    int64_t *header = read_array(f, sizeof(int64_t), 10, "the header");
    int64_t seats = header[3], qualifier = header[4], key_bins = header[5];
    int64_t strengths = header[6], bets = header[7], net_rows = header[8], chunks = header[9];
    if (header[0] != MAGIC || header[1] != 0 || header[2] != HANDS5 || seats < 1 ||
        seats + 1 > MAX_HANDS || bets > MAX_BETS || chunks < 0) {
        fprintf(stderr, "simulate_sweep: %s is not an input of this program\n", argv[1]);
        return 2;
    }
    uint32_t *packed5 = read_array(f, sizeof(uint32_t), HANDS5, "the packed hands");
    uint16_t *seat_word = read_array(f, sizeof(uint16_t), HANDS5, "the seat words");
    int64_t *nets = read_array(f, sizeof(int64_t), (size_t)(net_rows * bets), "the nets");
    uint16_t *row_of = read_array(f, sizeof(uint16_t), (size_t)key_bins, "the rows");
    int64_t *chunk_records = read_array(f, sizeof(int64_t), (size_t)(7 * chunks), "the chunks");
    fclose(f);

    for (int n = 0; n <= 52; n++) {
        binom[n][0] = 1;
        for (int k = 1; k <= 5; k++)
            binom[n][k] = n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k];
    }
    int hands = (int)seats + 1;
    int64_t *seat_counts = calloc((size_t)key_bins, sizeof(int64_t));
    int64_t *dealer_counts = calloc((size_t)strengths, sizeof(int64_t));
    int64_t squares[MAX_BETS] = {0};
    uint32_t *draws = malloc(sizeof(uint32_t) * MAX_HANDS * CHUNK_MAX);
    uint32_t *relative = malloc(sizeof(uint32_t) * MAX_HANDS * CHUNK_MAX);
    int32_t *colex = malloc(sizeof(int32_t) * MAX_HANDS * CHUNK_MAX);
    uint16_t *word = malloc(sizeof(uint16_t) * MAX_HANDS * CHUNK_MAX);
    if (!seat_counts || !dealer_counts || !draws || !relative || !colex || !word) {
        fprintf(stderr, "simulate_sweep: out of memory\n");
        return 2;
    }
    int64_t total_rounds = 0;
    const uint64_t deck = (1ULL << 52) - 1;

    struct timespec start, stop;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int64_t chunk = 0; chunk < chunks; chunk++) {
        const int64_t *record = chunk_records + 7 * chunk;
        int64_t rounds = record[0];
        if (rounds < 1 || rounds > CHUNK_MAX) {
            fprintf(stderr, "simulate_sweep: chunk %lld has %lld rounds\n", (long long)chunk,
                    (long long)rounds);
            return 2;
        }
        pcg64 g;
        memcpy(&g, record + 1, sizeof g);
        /* pass 1: the draws, hand after hand (hand h, round r at h * rounds + r) */
        for (int h = 0; h < hands; h++)
            bounded_draws(&g, (uint32_t)binom[52 - 5 * h][5], rounds, draws + h * rounds);
        /* pass 2: every hand's relative cards, the first hand's word (its draw is its colex
         * index): independent reads, many cache misses in flight */
        for (int64_t i = 0; i < hands * rounds; i++)
            relative[i] = packed5[draws[i]];
        for (int64_t r = 0; r < rounds; r++)
            word[r] = seat_word[draws[r]];
        /* pass 3, one seat: the second hand's colex index after the first hand's cards, whole
         * columns (the binomials computed, not looked up, as crazy4's second_colex does) */
        for (int64_t r = 0; hands == 2 && r < rounds; r++) {
            int t[5], a[5];
            below_first(relative[r], t);
            for (int j = 0; j < 5; j++)
                a[j] = after_first((int)(relative[rounds + r] >> (6 * j) & 63), t);
            colex[rounds + r] = a[0] + a[1] * (a[1] - 1) / 2 + a[2] * (a[2] - 1) * (a[2] - 2) / 6 +
                                a[3] * (a[3] - 1) * (a[3] - 2) * (a[3] - 3) / 24 +
                                a[4] * (a[4] - 1) * (a[4] - 2) * (a[4] - 3) * (a[4] - 4) / 120;
        }
        /* pass 3, more seats: round by round, the second hand after the first, then a later
         * hand's card c is the c-th undealt card */
        for (int64_t r = 0; hands > 2 && r < rounds; r++) {
            int t[5];
            uint64_t dealt = 0;
            int32_t index = 0;
            below_first(relative[r], t);
            for (int j = 0; j < 5; j++) {
                int card = after_first((int)(relative[rounds + r] >> (6 * j) & 63), t);
                index += (int32_t)binom[card][j + 1];
                dealt |= 1ULL << (t[j] + j) | 1ULL << card;
            }
            colex[rounds + r] = index;
            for (int h = 2; h < hands; h++) {
                uint64_t free = ~dealt & deck;
                uint32_t later = relative[h * rounds + r];
                index = 0;
                for (int j = 0; j < 5; j++) {
                    int card = select_bit(free, (int)(later >> (6 * j) & 63));
                    index += (int32_t)binom[card][j + 1];
                    dealt |= 1ULL << card;
                }
                colex[h * rounds + r] = index;
            }
        }
        /* pass 4: the later hands' words */
        for (int64_t i = rounds; i < hands * rounds; i++)
            word[i] = seat_word[colex[i]];
        /* pass 5: count */
        for (int64_t r = 0; r < rounds; r++) {
            int dealer = word[seats * rounds + r] >> 2;
            dealer_counts[dealer]++;
            int qualified = dealer >= qualifier ? 3 : 0;
            int64_t totals[MAX_BETS] = {0};
            for (int s = 0; s < seats; s++) {
                int seat = word[s * rounds + r];
                int strength = seat >> 2;
                int cell = qualified + (strength == dealer) + 2 * (strength < dealer);
                int key = seat * 6 + cell;
                seat_counts[key]++;
                if (seats > 1) {
                    const int64_t *row = nets + (int64_t)row_of[key] * bets;
                    for (int b = 0; b < bets; b++)
                        totals[b] += row[b];
                }
            }
            if (seats > 1)
                for (int b = 0; b < bets; b++)
                    squares[b] += totals[b] * totals[b];
        }
        total_rounds += rounds;
    }
    clock_gettime(CLOCK_MONOTONIC, &stop);
    double seconds = (double)(stop.tv_sec - start.tv_sec) + 1e-9 * (stop.tv_nsec - start.tv_nsec);

    FILE *out = fopen(argv[2], "wb");
    if (out == NULL || fwrite(&total_rounds, sizeof(int64_t), 1, out) != 1 ||
        fwrite(seat_counts, sizeof(int64_t), (size_t)key_bins, out) != (size_t)key_bins ||
        fwrite(dealer_counts, sizeof(int64_t), (size_t)strengths, out) != (size_t)strengths ||
        fwrite(squares, sizeof(int64_t), (size_t)bets, out) != (size_t)bets || fclose(out)) {
        fprintf(stderr, "simulate_sweep: cannot write %s\n", argv[2]);
        return 2;
    }
    printf("rounds %lld seconds %.6f\n", (long long)total_rounds, seconds);
    free(header), free(packed5), free(seat_word), free(nets), free(row_of);
    free(chunk_records), free(seat_counts), free(dealer_counts), free(draws);
    free(relative), free(colex), free(word);
    return 0;
}
