import { Progress as RadixProgress } from 'radix-ui';

interface ProgressProps {
  value: number;
  label: string;
  valueText?: string;
}

export function Progress({ value, label, valueText }: ProgressProps) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <RadixProgress.Root
      className="progress"
      value={clamped}
      max={100}
      aria-label={label}
      getValueLabel={valueText ? () => valueText : undefined}
    >
      <RadixProgress.Indicator
        className="progress__indicator"
        style={{ transform: `translateX(-${100 - clamped}%)` }}
      />
    </RadixProgress.Root>
  );
}
