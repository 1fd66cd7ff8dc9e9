import { FLAVOR_GROUPS, flavorBudLabel } from '@dinebuds/contracts';
import { ToggleChip } from './ui/chip';

interface FlavorOptionsProps {
  selected: readonly string[];
  onToggle: (badgeId: string) => void;
  /** Heading level of the group titles. */
  headingLevel?: 'h3' | 'h4';
}

/** The preference catalogue by its four groups, each option shown as label + 'Bud'. */
export function FlavorOptions({ selected, onToggle, headingLevel: Heading = 'h3' }: FlavorOptionsProps) {
  return (
    <div className="flavor-groups">
      {FLAVOR_GROUPS.map((group) => (
        <div
          key={group.id}
          className="flavor-group"
          role="group"
          aria-labelledby={`flavor-group-${group.id}`}
        >
          <Heading className="flavor-group__title" id={`flavor-group-${group.id}`}>
            {group.title}
          </Heading>
          <div className="chip-grid">
            {group.options.map((option) => (
              <ToggleChip key={option} selected={selected.includes(option)} onToggle={() => onToggle(option)}>
                {flavorBudLabel(option)}
              </ToggleChip>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
