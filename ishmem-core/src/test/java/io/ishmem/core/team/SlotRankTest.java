package io.ishmem.core.team;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A split's choice among the slots free on every member: the set bit of a given rank, across words, or in the first. */
class SlotRankTest
{
    @Test
    void shouldFindTheSetBitOfEachRankAsAScanInOrderWould()
    {
        final SplittableRandom random = new SplittableRandom(14);
        for (int trial = 0; trial < 200; trial++)
        {
            final long[] words = new long[1 + random.nextInt(16)];
            for (int i = 0; i < words.length; i++)
            {
                // sparse, dense, empty and full words alike
                words[i] = switch (random.nextInt(4))
                {
                    case 0 -> 0L;
                    case 1 -> -1L;
                    case 2 -> random.nextLong() & random.nextLong() & random.nextLong();
                    default -> random.nextLong();
                };
            }
            final List<Integer> scanned = new ArrayList<>();
            for (int bit = 0; bit < words.length * Long.SIZE; bit++)
            {
                if ((words[bit >>> 6] & 1L << bit) != 0)
                {
                    scanned.add(bit);
                }
            }
            for (int rank = 0; rank < scanned.size(); rank++)
            {
                assertEquals(scanned.get(rank), SlotAgreement.setBitOfRank(words, rank), "rank " + rank);
            }
            final int past = scanned.size();
            assertThrows(IllegalArgumentException.class, () -> SlotAgreement.setBitOfRank(words, past));
        }
    }

    @Test
    void shouldChooseDistinctFreeSlotsOfTheFirstWordAlikeForOneParentAndApartForOthers()
    {
        final SplittableRandom random = new SplittableRandom(27);
        for (int trial = 0; trial < 2_000; trial++)
        {
            final long free = trial % 3 == 0 ? -1L : random.nextLong() | 1L << random.nextInt(64) |
                1L << random.nextInt(64);
            final int needed = Math.min(Long.bitCount(free), 1 + random.nextInt(2));
            final int parent = random.nextInt(1026);
            final int[] chosen = SlotAgreement.chooseInWord(free, needed, parent);
            assertEquals(needed, chosen.length);
            for (final int slot : chosen)
            {
                assertTrue(slot >= 0 && slot < Long.SIZE && (free & 1L << slot) != 0, "slot " + slot + " is free");
            }
            if (needed == 2)
            {
                assertNotEquals(chosen[0], chosen[1]);
            }
            // every member computes the choice from the same fold: it depends on nothing else
            assertArrayEquals(chosen, SlotAgreement.chooseInWord(free, needed, parent));
        }
        // splits of different parents at once start from different bits of a free word, so they rarely collide
        final Set<Integer> first = new HashSet<>();
        for (int parent = 0; parent < 64; parent++)
        {
            first.add(SlotAgreement.chooseInWord(-1L, 1, parent)[0]);
        }
        assertTrue(first.size() > 32, "64 parents chose only " + first.size() + " distinct slots");
    }
}
