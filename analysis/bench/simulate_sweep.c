/* A plain single-thread C implementation of crazy4's compiled simulator of Crazy 4 Poker (mode
 * 0) and of Four Card Poker (mode 1), summary mode: the baseline `make bench-simulate` divides
 * `crazy4 simulate` by.
 *
 *   simulate_sweep INPUT OUTPUT
 *
 * Build: cc -O2 -march=native -std=c99 (what analysis/bench_simulate.py uses by default; its
 * --c-opt O3 builds with -O3, where gcc also vectorizes the one-seat column pass, as numba's
 * LLVM does). A 128-bit integer where the compiler has one, else 64-bit halves; BMI2's pdep
 * for the select-bit when -march=native has it, else a loop; the random-read tables in huge
 * pages where Linux gives them on request (numpy asks for them for its large arrays).
 *
 * The method is crazy4's, per chunk (crazy4/simulate/kernel.py, crazy4/simulate/pcg.py,
 * crazy4/simulate/fast.py HiddenKernel, sim_kernel.py hidden_*):
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
 *   - the counts of hidden_rounds: dealer[strength] += 1; a seat's cell is 3 if the dealer
 *     qualifies (strength >= QUALIFIER) else 0, + 1 on a tie, + 2 below the dealer;
 *     seat_counts[word * 6 + cell] += 1; with more than one seat, per bet the square of the
 *     round's total net (nets_by_key: the distinct rows and each key's row) is added (int64:
 *     the caller checks it fits, crazy4.simulate.kernel.squares_fit). No blind hands.
 * In passes over a chunk, as the compiled kernel does (so that many rounds' table reads are in
 * flight at once): the draws; every hand's relative cards (and the first hand's word); the
 * later hands' colex indices (one seat: the second hand's by whole columns; more: round by
 * round); the later hands' words; the counts.
 *
 * Four Card Poker (crazy4/simulate/fast.py UpCardKernel, sim_kernel.py
 * up_card_*): per round the seats' five cards, the dealer's up card (a draw below 52 - 5 seats: with one seat
 * placed after the seat's cards as the second hand is, else the c-th undealt card) and five
 * hidden cards (a draw below C(51 - 5 seats, 5), the c-th undealt cards); the dealer's six-card
 * colex index with the up card slotted among the sorted hidden cards (hidden card j adds
 * C(card, j + 1) below the up card, else C(card, j + 2); the up card C(up, below + 1)), its
 * strength strength6[colex6]; a seat's slot slots[colex * 4 + up suit], then
 * word = kernel_base[slot + up rank] ((strength * 4 + decision) * 24 << 12 | strength); the
 * key (word >> 12) + dealer_offset[dealer] + (tie) + 2 (below the dealer), as up_card_rounds.
 *
 * INPUT (native byte order; written by analysis/bench_simulate.py):
 *   int64 header[10]: MAGIC, mode (0: Crazy 4 Poker, 1: Four Card Poker), C(52, 5), seats,
 *                     qualifier (mode 0), key bins, strengths, bets, net rows, chunks;
 *   uint32 packed5[C(52, 5)];
 *   mode 0: uint16 seat_word[C(52, 5)];
 *   mode 1: int64 sizes[3]; int32 slots[sizes[0]]; int32 kernel_base[sizes[1]];
 *           uint16 strength6[sizes[2]]; int32 dealer_offset[strengths];
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

#define MAGIC 0x314D495334435A43LL /* "CZC4SIM1" in little-endian bytes */
#define HANDS5 2598960
#define MAX_HANDS 9 /* Four Card Poker: 7 seats, the up card, the hidden cards */
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

static int64_t binom[53][8];

/* One run: its tables (read from the input), its counts, a chunk's scratch. */
static struct {
    int64_t seats, qualifier, key_bins, strengths, bets;
    uint32_t *packed5;                /* both games: every hand's relative cards */
    uint16_t *seat_word;              /* Crazy 4 Poker: strength * 4 + decision, per colex */
    int32_t *slots, *kernel_base;     /* Four Card Poker: the situation tables */
    uint16_t *strength6;              /* Four Card Poker: the dealer's six cards' strength */
    int32_t *dealer_offset;           /* Four Card Poker: category * 3, per strength */
    int64_t *nets;                    /* nets_by_key: the distinct rows (a column a bet) */
    uint16_t *row_of;                 /* nets_by_key: each key's row */
    int64_t *seat_counts, *dealer_counts, squares[MAX_BETS];
    uint32_t *draws, *relative;       /* hand h, round r at h * rounds + r */
    int32_t *colex, *up, *slot, *strength;
    uint16_t *word;
    int keys[MAX_HANDS];
} T;

static const uint64_t DECK = (1ULL << 52) - 1;

/* The draws of a chunk, hand after hand, hand h below sizes[h]. */
static void draw_chunk(pcg64 *g, int hands, const int64_t *sizes, int64_t rounds) {
    for (int h = 0; h < hands; h++)
        bounded_draws(g, (uint32_t)sizes[h], rounds, T.draws + h * rounds);
}

/* Round r's hands 1 .. n - 1 (n >= 2) after hand 0: the second by after_first, a later one's
 * card c the c-th undealt card; their colex indices to T.colex; returns the dealt cards. */
static uint64_t place_hands(int64_t r, int64_t rounds, int n) {
    int t[5];
    uint64_t dealt = 0;
    int32_t index = 0;
    below_first(T.relative[r], t);
    for (int j = 0; j < 5; j++) {
        int card = after_first((int)(T.relative[rounds + r] >> (6 * j) & 63), t);
        index += (int32_t)binom[card][j + 1];
        dealt |= 1ULL << (t[j] + j) | 1ULL << card;
    }
    T.colex[rounds + r] = index;
    for (int h = 2; h < n; h++) {
        uint64_t free = ~dealt & DECK;
        uint32_t later = T.relative[h * rounds + r];
        index = 0;
        for (int j = 0; j < 5; j++) {
            int card = select_bit(free, (int)(later >> (6 * j) & 63));
            index += (int32_t)binom[card][j + 1];
            dealt |= 1ULL << card;
        }
        T.colex[h * rounds + r] = index;
    }
    return dealt;
}

/* With more than one seat: per bet, the square of the round's total net over T.keys. */
static void add_squares(void) {
    int64_t totals[MAX_BETS] = {0};
    for (int s = 0; s < T.seats; s++) {
        const int64_t *row = T.nets + (int64_t)T.row_of[T.keys[s]] * T.bets;
        for (int b = 0; b < T.bets; b++)
            totals[b] += row[b];
    }
    for (int b = 0; b < T.bets; b++)
        T.squares[b] += totals[b] * totals[b];
}

/* One Crazy 4 Poker chunk: the seats' hands, then the dealer's (hands = seats + 1). */
static void crazy_four_chunk(pcg64 *g, int64_t rounds) {
    int hands = (int)T.seats + 1, seats = (int)T.seats;
    int64_t sizes[MAX_HANDS];
    for (int h = 0; h < hands; h++)
        sizes[h] = binom[52 - 5 * h][5];
    /* pass 1: the draws */
    draw_chunk(g, hands, sizes, rounds);
    /* pass 2: every hand's relative cards, the first hand's word (its draw is its colex
     * index): independent reads, many cache misses in flight */
    for (int64_t i = 0; i < hands * rounds; i++)
        T.relative[i] = T.packed5[T.draws[i]];
    for (int64_t r = 0; r < rounds; r++)
        T.word[r] = T.seat_word[T.draws[r]];
    /* pass 3, one seat: the second hand's colex index after the first hand's cards, whole
     * columns (the binomials computed, not looked up, as crazy4's second_colex does) */
    for (int64_t r = 0; hands == 2 && r < rounds; r++) {
        int t[5], a[5];
        below_first(T.relative[r], t);
        for (int j = 0; j < 5; j++)
            a[j] = after_first((int)(T.relative[rounds + r] >> (6 * j) & 63), t);
        T.colex[rounds + r] = a[0] + a[1] * (a[1] - 1) / 2 + a[2] * (a[2] - 1) * (a[2] - 2) / 6 +
                              a[3] * (a[3] - 1) * (a[3] - 2) * (a[3] - 3) / 24 +
                              a[4] * (a[4] - 1) * (a[4] - 2) * (a[4] - 3) * (a[4] - 4) / 120;
    }
    /* pass 3, more seats: round by round */
    for (int64_t r = 0; hands > 2 && r < rounds; r++)
        place_hands(r, rounds, hands);
    /* pass 4: the later hands' words */
    for (int64_t i = rounds; i < hands * rounds; i++)
        T.word[i] = T.seat_word[T.colex[i]];
    /* pass 5: count */
    for (int64_t r = 0; r < rounds; r++) {
        int dealer = T.word[seats * rounds + r] >> 2;
        T.dealer_counts[dealer]++;
        int qualified = dealer >= T.qualifier ? 3 : 0;
        for (int s = 0; s < seats; s++) {
            int seat = T.word[s * rounds + r];
            int mine = seat >> 2;
            T.keys[s] = seat * 6 + qualified + (mine == dealer) + 2 * (mine < dealer);
            T.seat_counts[T.keys[s]]++;
        }
        if (seats > 1)
            add_squares();
    }
}

/* One Four Card Poker chunk: the seats' hands, the dealer's up card (hand `seats`, one card),
 * the dealer's five hidden cards (hand seats + 1). */
static void four_card_chunk(pcg64 *g, int64_t rounds) {
    int seats = (int)T.seats, hands = seats + 2;
    int64_t sizes[MAX_HANDS];
    for (int h = 0; h < seats; h++)
        sizes[h] = binom[52 - 5 * h][5];
    sizes[seats] = 52 - 5 * seats;
    sizes[seats + 1] = binom[51 - 5 * seats][5];
    /* pass 1: the draws */
    draw_chunk(g, hands, sizes, rounds);
    /* pass 2: the five-card hands' relative cards (the up card's draw is its relative card) */
    for (int h = 0; h < hands; h++)
        for (int64_t r = 0; r < rounds; r++)
            T.relative[h * rounds + r] =
                h == seats ? T.draws[h * rounds + r] : T.packed5[T.draws[h * rounds + r]];
    /* pass 3: place the cards round by round; the dealer's six-card colex index (the up card
     * slotted among the sorted hidden cards) */
    for (int64_t r = 0; r < rounds; r++) {
        T.colex[r] = (int32_t)T.draws[r];
        uint64_t dealt;
        int up;
        if (seats == 1) {
            int t[5];
            below_first(T.relative[r], t);
            dealt = 0;
            for (int j = 0; j < 5; j++)
                dealt |= 1ULL << (t[j] + j);
            up = after_first((int)T.relative[rounds + r], t);
        } else {
            dealt = place_hands(r, rounds, seats);
            up = select_bit(~dealt & DECK, (int)T.relative[seats * rounds + r]);
        }
        dealt |= 1ULL << up;
        uint64_t free = ~dealt & DECK;
        uint32_t hidden = T.relative[(seats + 1) * rounds + r];
        int64_t index = 0;
        int position = 0;
        for (int j = 0; j < 5; j++) {
            int card = select_bit(free, (int)(hidden >> (6 * j) & 63));
            int below = card < up;
            position += below;
            index += binom[card][j + 2 - below];
        }
        T.colex[seats * rounds + r] = (int32_t)(index + binom[up][position + 1]);
        T.up[r] = up;
    }
    /* pass 4: the dealer's strength, the seats' situation slots, then their words */
    for (int64_t r = 0; r < rounds; r++)
        T.strength[seats * rounds + r] = T.strength6[T.colex[seats * rounds + r]];
    for (int s = 0; s < seats; s++)
        for (int64_t r = 0; r < rounds; r++)
            T.slot[s * rounds + r] = T.slots[(int64_t)T.colex[s * rounds + r] * 4 + (T.up[r] & 3)];
    for (int s = 0; s < seats; s++)
        for (int64_t r = 0; r < rounds; r++) {
            int32_t packed = T.kernel_base[T.slot[s * rounds + r] + (T.up[r] & ~3)];
            T.slot[s * rounds + r] = packed >> 12;
            T.strength[s * rounds + r] = packed & 0xFFF;
        }
    /* pass 5: count */
    for (int64_t r = 0; r < rounds; r++) {
        int dealer = T.strength[seats * rounds + r];
        T.dealer_counts[dealer]++;
        int offset = T.dealer_offset[dealer];
        for (int s = 0; s < seats; s++) {
            int mine = T.strength[s * rounds + r];
            T.keys[s] = T.slot[s * rounds + r] + offset + (mine == dealer) + 2 * (mine < dealer);
            T.seat_counts[T.keys[s]]++;
        }
        if (seats > 1)
            add_squares();
    }
}

/* The game's tables, after the header and the packed hands. */
static void read_tables(FILE *f, int64_t mode) {
    if (mode == 0) {
        T.seat_word = read_array(f, sizeof(uint16_t), HANDS5, "the seat words");
    } else {
        int64_t *sizes = read_array(f, sizeof(int64_t), 3, "the table sizes");
        T.slots = read_array(f, sizeof(int32_t), (size_t)sizes[0], "the situation slots");
        T.kernel_base = read_array(f, sizeof(int32_t), (size_t)sizes[1], "the situation words");
        T.strength6 = read_array(f, sizeof(uint16_t), (size_t)sizes[2], "the six-card strengths");
        T.dealer_offset = read_array(f, sizeof(int32_t), (size_t)T.strengths, "the categories");
        free(sizes);
    }
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
    int64_t mode = header[1], net_rows = header[8], chunks = header[9];
    T.seats = header[3], T.qualifier = header[4], T.key_bins = header[5];
    T.strengths = header[6], T.bets = header[7];
    if (header[0] != MAGIC || (mode != 0 && mode != 1) || header[2] != HANDS5 || T.seats < 1 ||
        T.seats + 1 + mode > MAX_HANDS || T.bets > MAX_BETS || chunks < 0) {
        fprintf(stderr, "simulate_sweep: %s is not an input of this program\n", argv[1]);
        return 2;
    }
    T.packed5 = read_array(f, sizeof(uint32_t), HANDS5, "the packed hands");
    read_tables(f, mode);
    T.nets = read_array(f, sizeof(int64_t), (size_t)(net_rows * T.bets), "the nets");
    T.row_of = read_array(f, sizeof(uint16_t), (size_t)T.key_bins, "the rows");
    int64_t *chunk_records = read_array(f, sizeof(int64_t), (size_t)(7 * chunks), "the chunks");
    fclose(f);

    for (int n = 0; n <= 52; n++) {
        binom[n][0] = 1;
        for (int k = 1; k <= 7; k++)
            binom[n][k] = n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k];
    }
    const size_t scratch = (size_t)MAX_HANDS * CHUNK_MAX;
    T.seat_counts = calloc((size_t)T.key_bins, sizeof(int64_t));
    T.dealer_counts = calloc((size_t)T.strengths, sizeof(int64_t));
    T.draws = malloc(sizeof(uint32_t) * scratch);
    T.relative = malloc(sizeof(uint32_t) * scratch);
    T.colex = malloc(sizeof(int32_t) * scratch);
    T.up = malloc(sizeof(int32_t) * CHUNK_MAX);
    T.slot = malloc(sizeof(int32_t) * scratch);
    T.strength = malloc(sizeof(int32_t) * scratch);
    T.word = malloc(sizeof(uint16_t) * scratch);
    if (!T.seat_counts || !T.dealer_counts || !T.draws || !T.relative || !T.colex || !T.up ||
        !T.slot || !T.strength || !T.word) {
        fprintf(stderr, "simulate_sweep: out of memory\n");
        return 2;
    }
    int64_t total_rounds = 0;

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
        if (mode == 0)
            crazy_four_chunk(&g, rounds);
        else
            four_card_chunk(&g, rounds);
        total_rounds += rounds;
    }
    clock_gettime(CLOCK_MONOTONIC, &stop);
    double seconds = (double)(stop.tv_sec - start.tv_sec) + 1e-9 * (stop.tv_nsec - start.tv_nsec);

    size_t bins = (size_t)T.key_bins, strengths = (size_t)T.strengths, bets = (size_t)T.bets;
    FILE *out = fopen(argv[2], "wb");
    if (out == NULL || fwrite(&total_rounds, sizeof(int64_t), 1, out) != 1 ||
        fwrite(T.seat_counts, sizeof(int64_t), bins, out) != bins ||
        fwrite(T.dealer_counts, sizeof(int64_t), strengths, out) != strengths ||
        fwrite(T.squares, sizeof(int64_t), bets, out) != bets || fclose(out)) {
        fprintf(stderr, "simulate_sweep: cannot write %s\n", argv[2]);
        return 2;
    }
    printf("rounds %lld seconds %.6f\n", (long long)total_rounds, seconds);
    return 0; /* the operating system frees the tables */
}
