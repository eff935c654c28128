package io.ishmem.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VerdictTest
{
    @Test
    void shouldCallAFigureAtOrUnderItsLimitMet()
    {
        assertEquals("met", Verdict.atMost(1.0, 1.2));
        assertEquals("met", Verdict.atMost(1.2, 1.2));
    }

    @Test
    void shouldSayByHowMuchAFigureMissedItsLimit()
    {
        assertEquals("missed by 50%", Verdict.atMost(1.8, 1.2));
        assertEquals("missed by 2.5%", Verdict.atMost(1.23, 1.2));
        assertEquals("missed by 0.50%", Verdict.atMost(1.206, 1.2));
        assertEquals("missed by 900%", Verdict.atMost(10, 1));
    }

    @Test
    void shouldSayNoReferenceWithoutOshmemAndNotRunWithoutOurFigure()
    {
        assertEquals("no reference", Verdict.atMost(1.0, Double.NaN));
        assertEquals("no reference", Verdict.atMost(1.0, 0));
        assertEquals("not run", Verdict.atMost(Double.NaN, 1.0));
    }

    @Test
    void shouldTellAMissFromTheOtherVerdicts()
    {
        assertTrue(Verdict.missed(Verdict.atMost(2, 1)));
        assertFalse(Verdict.missed(Verdict.atMost(1, 2)));
        assertFalse(Verdict.missed(Verdict.atMost(1, Double.NaN)));
        assertFalse(Verdict.missed(Verdict.atMost(Double.NaN, 1)));
    }
}
