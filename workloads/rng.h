/*
 * rng.h - the seeded random number generator every module shares.
 *
 * xoshiro256** (Blackman and Vigna), seeded through splitmix64 so any
 * 64-bit seed, 0 included, gives a good state.  Deterministic on every
 * platform: same seed, same sequence.  State lives in the caller's struct,
 * so two engines side by side never share a stream.
 */
#ifndef ASMSIM_WORKLOADS_RNG_H
#define ASMSIM_WORKLOADS_RNG_H

#include <stdint.h>

struct rng {
    uint64_t s[4];
};

static inline uint64_t rng_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static inline void rng_seed(struct rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = rng_splitmix64(&seed);
}

static inline uint64_t rng_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_next(struct rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rng_rotl(s[3], 45);
    return result;
}

/* Uniform in [0, bound) by multiply-shift (Lemire); bias < bound / 2^64. */
static inline uint64_t rng_below(struct rng *r, uint64_t bound)
{
    return (uint64_t)(((unsigned __int128)rng_next(r) * bound) >> 64);
}

/* Uniform double in [0, 1) with 53 random bits. */
static inline double rng_unit(struct rng *r)
{
    return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

#endif
