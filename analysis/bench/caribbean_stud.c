/* Caribbean Stud Poker, exactly: a plain single-thread C program of the inclusion-exclusion
 * count (/work/shared/design.md, "Seen cards are forced cards"), the baseline the engine's
 * analysis of caribbean-stud-standard is compared with, and an independent figure: it ranks
 * hands with its own five-card evaluator and settles from the rules text
 * (/work/shared/rules/caribbean-stud-poker.md); it reads no file and needs nothing but libc.
 *
 *   cc -O2 -o caribbean_stud caribbean_stud.c && ./caribbean_stud [--pairs] [PAYS]
 *
 * PAYS: the Raise's odds to 1 for high card, pair, two pair, three of a kind, straight, flush,
 * full house, four of a kind, straight flush, royal flush, comma-separated; by default the
 * standard table 1,1,2,3,4,5,7,20,50,100. --pairs prints one line of integers as name-value
 * pairs instead (as analysis/bench.py reads the other baselines' output): "loss L deals D
 * situations S raised R not_qualified N" -- the optimal strategy's total loss over the D deals
 * (EV per Ante -L/D), the weighted situations and those the optimal strategy raises (element of
 * risk L / (C(46,4) * (S + 2R))), and the deals the dealer does not qualify.
 *
 * CARIBBEAN_STUD_SAMPLE=N in the environment also prints, for every N-th (class, up card) slot,
 * "situation c0 c1 c2 c3 c4 up not_qualified player_wins ties" (cards 4 * rank + suit, rank 0 a
 * deuce, suits c d h s), so a test compares them with a brute-force oracle.
 *
 * Result, standard pay table, optimal strategy (exact: no situation ties raise and fold):
 *
 *   ev_per_ante -142031221/2718662100 = -0.0522430577  (house edge 5.2243% of the Ante)
 *   total_loss 1041372912372 over 19933230517200 deals
 *   element_of_risk 86781076031/3396139966890 = 0.0255528561  (2.5553%)
 *   raise_fraction 63794004/122151120 (52.23% of situations raise)
 *   dealer_not_qualified 8707097945700/19933230517200 = 0.4368131868
 *
 * and the fixed strategies' total losses over all 19,933,230,517,200 deals (ev_per_ante is
 * minus the loss over the deals):
 *
 *   always_raise                 3310360338060   (element of risk 5.5357%)
 *   pair_or_better               1090272101460   (2.7380%)
 *   ace_king_or_better           1132600203540   (2.6721%)
 *   ace_king_jack_8_3_or_better  1059715400580   (2.5960%)
 *   matching_rank                1063176931284   (2.6162%)
 *   three_rules_of_thumb         1041417758724   (2.5538%)
 *
 * Every one of the seven losses equals the Wizard of Odds' table of Caribbean Stud strategies
 * ("Strategy Statistics": perfect strategy 1,041,372,912,372, house edge 5.224%, element of
 * risk 2.555%; three rules of thumb 1,041,417,758,724; ace/king/jack/8/3 1,059,715,400,580;
 * matching rank 1,063,176,931,284; any pair 1,090,272,101,460; ace/king 1,132,600,203,540;
 * raise on everything 3,310,360,338,060) to the unit. Royal flush 250 (PAYS
 * 1,1,2,3,4,5,7,20,50,250): ev_per_ante -86362082531/1661102543100 = -0.0519908195, element of
 * risk 86362082531/3396139966890. On this machine: 6.5 s of processor time, 8 to 14 s wall
 * with its two cores shared (load 2 to 4), 157 MB; about a quarter of it ranking every hand
 * and finding the suit classes, the rest counting and settling.
 *
 * How it counts. A situation is a player hand P and a dealer up card u not in P; the dealer's
 * hand is u and 4 of the other 46 cards: C(46, 4) = 163,185 completions. The completions
 * whose five-card hand is below a strength t number
 *     sum over S subset of P, |S| <= 4, of (-1)^|S| N_{S+u}(t),
 * N_T(t) the five-card hands containing the set T below t (a set of 6 cards is in no hand, so
 * |S| = 5 drops out). All N_T(t) at once: the 2,598,960 hands are added in increasing
 * strength to counters of their subsets (sizes 1 to 5, by colex index); every situation is
 * queried once just before the qualifying strength (A-K-4-3-2) is added ("dealer does not
 * qualify"), and each situation whose player hand has strength v just before and just after
 * the hands of strength v are added ("dealer lower", "dealer lower or equal"). A player hand
 * below the qualifier can beat or tie no qualifying dealer hand, so it needs the first query
 * alone. Player hands reduce by suit symmetry: one hand of each class of the 24 suit
 * relabellings (134,459 classes), weighted by its class's size, each with all 47 up cards.
 *
 * Settlement per Ante (the rules text): fold -1; raise (3 in play): dealer not qualified +1
 * (the Raise pushes); qualified and the player higher 1 + 2 * pay(player's category); tie 0;
 * dealer higher -3. The better decision is chosen with integers (totals over the 163,185
 * completions). The EV per Ante is the weighted sum over situations of the better total over
 * C(52,5) * 47 * C(46,4); the element of risk is the loss over the average amount wagered
 * (1 on a fold, 3 on a raise). */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define HANDS 2598960
#define COMPLETIONS 163185 /* C(46, 4) */
#define KEYS (10 * 371293) /* category * 13^5 + tie */
#define FIXED 6 /* fixed strategies priced beside the optimal one */

enum { HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, ROYAL };
static const char *category_name[10] = {"high card", "pair", "two pair", "three of a kind",
                                        "straight", "flush", "full house", "four of a kind",
                                        "straight flush", "royal flush"};

static int64_t binom[53][6];
static int32_t *counter[6];

static int64_t colex(const int *cards, int n) {
    int64_t index = 0;
    for (int j = 0; j < n; j++) index += binom[cards[j]][j + 1];
    return index;
}

/* category * 13^5 + the ranks ordered by how often they occur, then high to low (base 13);
 * a straight's tie-break is its top card (five for A-2-3-4-5) */
static int32_t key_of(const int cards[5]) {
    int count[13] = {0}, mask = 0, flush = 1;
    for (int j = 0; j < 5; j++) {
        count[cards[j] / 4]++;
        mask |= 1 << (cards[j] / 4);
        if (cards[j] % 4 != cards[0] % 4) flush = 0;
    }
    int digits[5], n = 0, most = 0, pairs = 0;
    for (int m = 4; m >= 1; m--)
        for (int r = 12; r >= 0; r--)
            if (count[r] == m)
                for (int k = 0; k < m; k++) digits[n++] = r;
    for (int r = 0; r < 13; r++) {
        if (count[r] > most) most = count[r];
        if (count[r] == 2) pairs++;
    }
    int top = -1;
    for (int t = 4; t <= 12; t++)
        if (mask == (0x1f << (t - 4))) top = t;
    if (mask == 0x100f) top = 3;
    int32_t tie = 0;
    for (int j = 0; j < 5; j++) tie = tie * 13 + digits[j];
    int category;
    if (top >= 0) {
        category = flush ? (top == 12 ? ROYAL : STRAIGHT_FLUSH) : STRAIGHT;
        tie = top * 28561;
    } else if (most == 4) category = QUADS;
    else if (most == 3) category = pairs ? FULL_HOUSE : TRIPS;
    else if (pairs == 2) category = TWO_PAIR;
    else if (pairs == 1) category = PAIR;
    else category = flush ? FLUSH : HIGH;
    return category * 371293 + tie;
}

static void add(const int cards[5]) {
    for (int mask = 1; mask < 32; mask++) {
        int subset[5], n = 0;
        for (int j = 0; j < 5; j++)
            if (mask >> j & 1) subset[n++] = cards[j];
        counter[n][colex(subset, n)]++;
    }
}

/* completions of (cards, up) whose hand is already added: subsets S of the player's cards with
 * the up card merged in, sizes 1 to 5 */
static int64_t query(const int cards[5], int up) {
    int64_t total = 0;
    for (int mask = 0; mask < 31; mask++) { /* 31 = all five: a six-card set */
        int set[5], n = 0, placed = 0;
        for (int j = 0; j < 5; j++)
            if (mask >> j & 1) {
                if (!placed && up < cards[j]) set[n++] = up, placed = 1;
                set[n++] = cards[j];
            }
        if (!placed) set[n++] = up;
        int64_t found = counter[n][colex(set, n)];
        total += (n & 1) ? found : -found; /* |S| = n - 1 */
    }
    return total;
}

static uint8_t *hand_cards; /* the five cards of every hand, by colex index */

static void unpack(int64_t index, int cards[5]) {
    for (int j = 0; j < 5; j++) cards[j] = hand_cards[5 * index + j];
}

static void unpack_slowly(int64_t index, int cards[5]) { /* the hand of a colex index */
    for (int k = 5; k >= 1; k--) {
        int c = k - 1;
        while (binom[c + 1][k] <= index) c++;
        cards[k - 1] = c;
        index -= binom[c][k];
    }
}

static int64_t gcd(int64_t a, int64_t b) {
    if (a < 0) a = -a;
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

int main(int argc, char **argv) {
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    long long pays[10] = {1, 1, 2, 3, 4, 5, 7, 20, 50, 100};
    const char *program = argv[0];
    int pairs_only = argc > 1 && strcmp(argv[1], "--pairs") == 0;
    if (pairs_only) argc--, argv++;
    if (argc > 2 || (argc == 2 && sscanf(argv[1], "%lld,%lld,%lld,%lld,%lld,%lld,%lld,%lld,%lld,%lld",
                                         &pays[0], &pays[1], &pays[2], &pays[3], &pays[4],
                                         &pays[5], &pays[6], &pays[7], &pays[8], &pays[9]) != 10)) {
        fprintf(stderr, "usage: %s [--pairs] [PAYS: ten odds, high card .. royal flush, "
                "comma-separated]\n", program);
        return 2;
    }
    for (int n = 0; n <= 52; n++)
        for (int k = 0; k <= 5; k++)
            binom[n][k] = k == 0 ? 1 : (n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k]);

    hand_cards = malloc(5 * (size_t)HANDS);
    for (int64_t h = 0; h < HANDS; h++) {
        int c[5];
        unpack_slowly(h, c);
        for (int j = 0; j < 5; j++) hand_cards[5 * h + j] = (uint8_t)c[j];
    }
    /* strengths: the dense rank of each hand's key */
    int32_t *key = malloc(sizeof(int32_t) * HANDS);
    int32_t *rank_of_key = calloc(KEYS + 1, sizeof(int32_t));
    int cards[5];
    for (int64_t h = 0; h < HANDS; h++) {
        unpack(h, cards);
        key[h] = key_of(cards);
        rank_of_key[key[h] + 1] = 1;
    }
    for (int k = 0; k < KEYS; k++) rank_of_key[k + 1] += rank_of_key[k];
    int levels = rank_of_key[KEYS];
    uint16_t *strength = malloc(sizeof(uint16_t) * HANDS);
    for (int64_t h = 0; h < HANDS; h++) strength[h] = (uint16_t)rank_of_key[key[h]];
    int category_of[8000];
    for (int k = 0; k < KEYS; k++)
        if (rank_of_key[k + 1] > rank_of_key[k]) category_of[rank_of_key[k]] = k / 371293;
    int ak[5] = {0, 4, 8, 44, 49}; /* 2c 3c 4c Kc Ad: the weakest qualifying hand */
    int qualifier = strength[colex(ak, 5)];

    /* suit classes: a hand's class is its smallest colex index under the 24 relabellings */
    int perms[24][4], np = 0;
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 4; c++)
                for (int d = 0; d < 4; d++)
                    if (a != b && a != c && a != d && b != c && b != d && c != d) {
                        perms[np][0] = a, perms[np][1] = b, perms[np][2] = c, perms[np][3] = d;
                        np++;
                    }
    int32_t *weight = calloc(HANDS, sizeof(int32_t));
    for (int64_t h = 0; h < HANDS; h++) {
        unpack(h, cards);
        int64_t best = h;
        for (int p = 0; p < 24; p++) {
            int moved[5];
            for (int j = 0; j < 5; j++) moved[j] = cards[j] / 4 * 4 + perms[p][cards[j] % 4];
            for (int a = 1; a < 5; a++) /* insertion sort */
                for (int b = a; b > 0 && moved[b - 1] > moved[b]; b--) {
                    int t = moved[b];
                    moved[b] = moved[b - 1];
                    moved[b - 1] = t;
                }
            int64_t index = colex(moved, 5);
            if (index < best) best = index;
        }
        weight[best]++;
    }
    int64_t n_classes = 0;
    int32_t *slot = malloc(sizeof(int32_t) * HANDS); /* class number of a representative */
    for (int64_t h = 0; h < HANDS; h++) slot[h] = weight[h] ? (int32_t)n_classes++ : -1;
    /* per class and up card: not qualified, lower, lower or equal */
    int32_t *below_q = malloc(sizeof(int32_t) * n_classes * 52);
    int32_t *lower = calloc(n_classes * 52, sizeof(int32_t));
    int32_t *at_most = calloc(n_classes * 52, sizeof(int32_t));

    /* hands by strength (counting sort) */
    int64_t *start = calloc(levels + 1, sizeof(int64_t));
    for (int64_t h = 0; h < HANDS; h++) start[strength[h] + 1]++;
    for (int v = 0; v < levels; v++) start[v + 1] += start[v];
    int64_t *fill = malloc(sizeof(int64_t) * levels);
    memcpy(fill, start, sizeof(int64_t) * levels);
    int32_t *order = malloc(sizeof(int32_t) * HANDS);
    for (int64_t h = 0; h < HANDS; h++) order[fill[strength[h]]++] = (int32_t)h;
    for (int k = 1; k <= 5; k++) counter[k] = calloc(binom[52][k], sizeof(int32_t));
    struct timespec t_setup;
    clock_gettime(CLOCK_MONOTONIC, &t_setup);

    for (int v = 0; v < levels; v++) {
        if (v == qualifier)
            for (int64_t h = 0; h < HANDS; h++) {
                if (slot[h] < 0) continue;
                unpack(h, cards);
                for (int up = 0, j = 0; up < 52; up++) {
                    if (j < 5 && cards[j] == up) { j++; continue; }
                    below_q[slot[h] * 52 + up] = (int32_t)query(cards, up);
                }
            }
        for (int pass = 0; pass < 2; pass++) {
            if (pass == 1)
                for (int64_t i = start[v]; i < start[v + 1]; i++) {
                    unpack(order[i], cards);
                    add(cards);
                }
            if (v < qualifier) continue;
            for (int64_t i = start[v]; i < start[v + 1]; i++) {
                if (slot[order[i]] < 0) continue;
                unpack(order[i], cards);
                int32_t *out = (pass ? at_most : lower) + (int64_t)slot[order[i]] * 52;
                for (int up = 0, j = 0; up < 52; up++) {
                    if (j < 5 && cards[j] == up) { j++; continue; }
                    out[up] = (int32_t)query(cards, up);
                }
            }
        }
    }

    /* settle: the better decision's total over the completions, weighted */
    const char *sampling = getenv("CARIBBEAN_STUD_SAMPLE");
    int64_t sample = sampling ? atoll(sampling) : 0;
    int64_t total = 0, wagered = 0, raised = 0, situations = 0, ties = 0, classes_check = 0;
    int64_t dealer_not_qualified = 0;
    /* fixed strategies (the Wizard of Odds' table of them): raise always; with a pair or better;
     * with A-K or better; with A-K-J-8-3 or better; with a pair or better, or A-K with a card of
     * the up card's rank ("matching rank"); his three rules of thumb for A-K (below) */
    static const char *fixed_name[FIXED] = {"always_raise", "pair_or_better",
                                            "ace_king_or_better", "ace_king_jack_8_3_or_better",
                                            "matching_rank", "three_rules_of_thumb"};
    int pair_start = levels;
    for (int t = 0; t < levels; t++)
        if (category_of[t] == PAIR && t < pair_start) pair_start = t;
    int akj83[5] = {4, 24, 36, 44, 49}; /* 3c 8c Jc Kc Ad */
    int fixed_from[4] = {0, pair_start, qualifier, strength[colex(akj83, 5)]};
    int64_t fixed_total[FIXED] = {0}, fixed_wagered[FIXED] = {0};
    for (int64_t h = 0; h < HANDS; h++) {
        if (slot[h] < 0) continue;
        unpack(h, cards);
        int v = strength[h];
        int64_t w = weight[h];
        classes_check += w;
        for (int up = 0, j = 0; up < 52; up++) {
            if (j < 5 && cards[j] == up) { j++; continue; }
            int64_t s = slot[h] * 52 + up;
            int64_t nq = below_q[s], win = 0, tie = 0;
            if (v >= qualifier) {
                win = lower[s] - nq;
                tie = at_most[s] - lower[s];
            }
            int64_t lose = COMPLETIONS - nq - win - tie;
            if (sample > 0 && s % sample == 7)
                printf("situation %d %d %d %d %d %d %lld %lld %lld\n", cards[0], cards[1],
                       cards[2], cards[3], cards[4], up, (long long)nq, (long long)win,
                       (long long)tie);
            int64_t raise = nq + win * (1 + 2 * pays[category_of[v]]) - 3 * lose;
            int64_t fold = -COMPLETIONS;
            if (raise == fold) ties += w;
            int raising = raise > fold;
            total += w * (raising ? raise : fold);
            wagered += w * (raising ? 3 : 1);
            raised += raising ? w : 0;
            situations += w;
            dealer_not_qualified += w * nq;
            int raises[FIXED];
            for (int f = 0; f < 4; f++) raises[f] = v >= fixed_from[f];
            int ace_king = v >= qualifier && v < pair_start; /* A-K high */
            int up_rank = up / 4, match = 0, queen = 0, jack = 0;
            for (int k = 0; k < 5; k++) {
                match |= cards[k] / 4 == up_rank;
                queen |= cards[k] / 4 == 10;
                jack |= cards[k] / 4 == 9;
            }
            int fourth = cards[1] / 4; /* ranks ascending: the fourth highest is the second */
            raises[4] = v >= pair_start || (ace_king && match);
            /* raise A-K if the up card is 2..Q and matches one of the player's cards; if it is
             * an A or K and the player holds a Q or J; if it matches none, the player holds a Q
             * and the up card is below the player's fourth highest card */
            raises[5] = v >= pair_start ||
                        (ace_king && ((up_rank <= 10 && match) ||
                                      (up_rank >= 11 && (queen || jack)) ||
                                      (!match && queen && up_rank < fourth)));
            for (int f = 0; f < FIXED; f++) {
                fixed_total[f] += w * (raises[f] ? raise : fold);
                fixed_wagered[f] += w * (raises[f] ? 3 : 1);
            }
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double wall = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    double setup = (double)(t_setup.tv_sec - t0.tv_sec) + 1e-9 * (double)(t_setup.tv_nsec - t0.tv_nsec);
    int64_t deals = situations * COMPLETIONS; /* C(52,5) * 47 * C(46,4) */
    int64_t g = gcd(total, deals);
    int64_t risk = COMPLETIONS * wagered; /* element of risk = -total / risk */
    int64_t g2 = gcd(total, risk);
    if (pairs_only) { /* integers only, "name value" pairs (analysis/bench.py reads them) */
        printf("loss %lld deals %lld situations %lld raised %lld not_qualified %lld\n",
               (long long)-total, (long long)deals, (long long)situations, (long long)raised,
               (long long)dealer_not_qualified);
        return 0;
    }
    printf("pay table:");
    for (int c = 0; c < 10; c++) printf(" %s %lld%s", category_name[c], (long long)pays[c], c < 9 ? "," : "\n");
    printf("strengths %d, qualifier strength %d, suit classes %lld (weights sum %lld)\n", levels,
           qualifier, (long long)n_classes, (long long)classes_check);
    printf("situations %lld, deals %lld\n", (long long)situations, (long long)deals);
    printf("ev_per_ante %lld/%lld = %.10f\n", (long long)(total / g), (long long)(deals / g),
           (double)total / (double)deals);
    printf("house_edge %.6f%% of the Ante\n", -100.0 * (double)total / (double)deals);
    printf("total_loss %lld over %lld deals\n", (long long)-total, (long long)deals);
    printf("element_of_risk %lld/%lld = %.10f (%.6f%%)\n", (long long)(-total / g2),
           (long long)(risk / g2), -(double)total / (double)risk, -100.0 * (double)total / (double)risk);
    printf("raise_fraction %lld/%lld = %.10f, exact raise-fold ties %lld\n", (long long)raised,
           (long long)situations, (double)raised / (double)situations, (long long)ties);
    printf("dealer_not_qualified %lld/%lld = %.10f\n", (long long)dealer_not_qualified, (long long)deals,
           (double)dealer_not_qualified / (double)deals);
    for (int f = 0; f < FIXED; f++) {
        int64_t fg = gcd(fixed_total[f], deals), fr = COMPLETIONS * fixed_wagered[f];
        int64_t fg2 = gcd(fixed_total[f], fr);
        printf("fixed %s total_loss %lld ev_per_ante %lld/%lld = %.10f, element_of_risk "
               "%lld/%lld = %.10f\n",
               fixed_name[f], (long long)-fixed_total[f], (long long)(fixed_total[f] / fg),
               (long long)(deals / fg),
               (double)fixed_total[f] / (double)deals, (long long)(-fixed_total[f] / fg2),
               (long long)(fr / fg2), -(double)fixed_total[f] / (double)fr);
    }
    printf("wall %.2f s (ranking and suit classes %.2f s, the count and settlement %.2f s)\n",
           wall, setup, wall - setup);
    return 0;
}
