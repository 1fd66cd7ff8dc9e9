import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { CurrentUserDto } from '@dinebuds/contracts';
import { LIMITS, VALIDATION_MESSAGES } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { useUpdateUser } from '../api/update-user';

interface ProfileValues {
  name: string;
  bio: string;
}

export function ProfileForm({ user }: { user: CurrentUserDto }) {
  const update = useUpdateUser(user.id);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isDirty },
  } = useForm<ProfileValues>({ defaultValues: { name: user.name ?? '', bio: user.bio ?? '' } });

  // Show what the server stored after a save (or a change made elsewhere).
  useEffect(() => reset({ name: user.name ?? '', bio: user.bio ?? '' }), [user.name, user.bio, reset]);

  const bioLength = watch('bio').length;

  const onSubmit = handleSubmit((values) =>
    update.mutate(
      { name: values.name.trim(), bio: values.bio.trim() ? values.bio.trim() : null },
      {
        onSuccess: () => toast.success('Profile Updated', { description: 'Your changes have been saved.' }),
        onError: (error) => toast.error('Update Failed', { description: error.message }),
      },
    ),
  );

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Profile details">
      <Field label="Name" error={errors.name?.message}>
        <Input
          autoComplete="name"
          maxLength={LIMITS.nameMax}
          {...register('name', {
            validate: (value) => {
              const length = value.trim().length;
              if (length < LIMITS.nameMin) return VALIDATION_MESSAGES.nameMin;
              if (length > LIMITS.nameMax) return VALIDATION_MESSAGES.nameMax;
              return true;
            },
          })}
        />
      </Field>
      <Field
        label="Bio"
        error={errors.bio?.message}
        hint={
          <span
            className={bioLength >= LIMITS.bioMax ? 'counter counter--full' : 'counter'}
            aria-live="polite"
          >
            {bioLength}/{LIMITS.bioMax} characters
          </span>
        }
      >
        <Textarea
          rows={3}
          maxLength={LIMITS.bioMax}
          placeholder="Tell your buds what you love to eat"
          {...register('bio', {
            maxLength: { value: LIMITS.bioMax, message: VALIDATION_MESSAGES.bioMax },
          })}
        />
      </Field>
      <div className="form__actions">
        <Button type="submit" loading={update.isPending} disabled={!isDirty}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
