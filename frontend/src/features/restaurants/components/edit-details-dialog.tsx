import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  PRICE_RANGE_LABELS,
  PRICE_RANGE_VALUES,
  REVIEW_LIMITS,
  type PriceRange,
  type RestaurantDetailDto,
} from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useUpdateRestaurantDetails } from '../api/update-details';

type TextKey = 'cuisine' | 'category' | 'phone' | 'website';
type TextValues = Record<TextKey, string>;

/** The free-text details, in the form's order (the price range is a choice). */
const TEXT_FIELDS: { key: TextKey; label: string; max: number; placeholder: string; type: string }[] = [
  {
    key: 'cuisine',
    label: 'Cuisine',
    max: REVIEW_LIMITS.cuisineMax,
    placeholder: 'e.g. Japanese',
    type: 'text',
  },
  {
    key: 'category',
    label: 'Category',
    max: REVIEW_LIMITS.categoryMax,
    placeholder: 'e.g. Sushi bar',
    type: 'text',
  },
  {
    key: 'phone',
    label: 'Phone',
    max: REVIEW_LIMITS.phoneMax,
    placeholder: '+1 (212) 555-0142',
    type: 'tel',
  },
  {
    key: 'website',
    label: 'Website',
    max: REVIEW_LIMITS.websiteMax,
    placeholder: 'https://example.com',
    type: 'url',
  },
];

interface EditDetailsDialogProps {
  restaurant: RestaurantDetailDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Admins: cuisine, price range, category, phone and website. Every field is sent (blank clears
 * it); the server's sentence for a bad value is shown in the dialog and in the error toast.
 */
export default function EditDetailsDialog({ restaurant, open, onOpenChange }: EditDetailsDialogProps) {
  const update = useUpdateRestaurantDetails(restaurant.id);
  const [values, setValues] = useState<TextValues>(() => ({
    cuisine: restaurant.cuisine ?? '',
    category: restaurant.category ?? '',
    phone: restaurant.phone ?? '',
    website: restaurant.website ?? '',
  }));
  const [priceRange, setPriceRange] = useState<PriceRange | ''>(restaurant.priceRange ?? '');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    update.mutate(
      { ...values, priceRange },
      {
        onSuccess: () => {
          toast.success('Restaurant details saved', { description: restaurant.name });
          onOpenChange(false);
        },
        onError: (failure) => {
          setError(failure.message);
          toast.error('Failed to save restaurant details', { description: failure.message });
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit details"
      description={`What the page of ${restaurant.name} shows beside its name.`}
      dismissible={!update.isPending}
    >
      <form className="restaurant-details-form" onSubmit={onSubmit} noValidate>
        {TEXT_FIELDS.map((field) => (
          <Field key={field.key} label={field.label}>
            <Input
              type={field.type}
              value={values[field.key]}
              maxLength={field.max}
              placeholder={field.placeholder}
              onChange={(event) => setValues((current) => ({ ...current, [field.key]: event.target.value }))}
            />
          </Field>
        ))}
        <Field label="Price range">
          <select
            className="input"
            value={priceRange}
            onChange={(event) => setPriceRange(event.target.value as PriceRange | '')}
          >
            <option value="">Not set</option>
            {PRICE_RANGE_VALUES.map((value) => (
              <option key={value} value={value}>
                {value} {PRICE_RANGE_LABELS[value]}
              </option>
            ))}
          </select>
        </Field>
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="dialog__footer">
          <Button
            type="button"
            variant="outline"
            onClick={() => onOpenChange(false)}
            disabled={update.isPending}
          >
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save details
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
