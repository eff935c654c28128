package io.ishmem.core.team;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A split's choice among the slots free on every member: the set bit of a given rank, across words. */
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
}
