// Utilization above 70 is green and below 40 orange; a score above 80
// is green.

export type ScoreTone = 'good' | 'low' | 'neutral';

export function utilizationTone(percent: number): ScoreTone {
  if (percent > 70) return 'good';
  if (percent < 40) return 'low';
  return 'neutral';
}

export function scoreTone(percent: number): ScoreTone {
  return percent > 80 ? 'good' : 'neutral';
}
