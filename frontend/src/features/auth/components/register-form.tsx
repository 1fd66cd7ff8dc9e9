import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { CurrentUserDto } from '@dinebuds/contracts';
import { cityKey, generateBio, LIMITS, USERNAME_PATTERN, VALIDATION_MESSAGES } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api';
import { useRegister } from '../api/register';
import { usePreferenceSelection } from '../hooks/use-preference-selection';
import { PreferencesDialog } from './preferences-dialog';

interface RegisterValues {
  name: string;
  username: string;
  password: string;
  confirmPassword: string;
}

interface RegisterFormProps {
  onSuccess: (user: CurrentUserDto) => void;
}

/**
 * Spec 1 §2: the form is validated and kept, then the preferences dialog collects flavors and
 * cities; 'Complete Profile' sends the whole registration at once.
 */
export function RegisterForm({ onSuccess }: RegisterFormProps) {
  const registration = useRegister();
  const selection = usePreferenceSelection();
  const [stored, setStored] = useState<RegisterValues | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm<RegisterValues>({
    defaultValues: { name: '', username: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setStored(values);
    setDialogOpen(true);
  });

  const complete = () => {
    if (!stored) return;
    const { flavors, cities } = selection;
    registration.mutate(
      {
        name: stored.name.trim(),
        username: stored.username.trim(),
        password: stored.password,
        bio: generateBio(flavors, cities),
        flavorBuds: flavors,
        cityBuds: cities.map(cityKey),
      },
      {
        onSuccess: (user) => {
          setDialogOpen(false);
          toast.success('Registration successful', {
            description: `Welcome, ${user.name || user.username}!`,
          });
          onSuccess(user);
        },
        onError: (error) => {
          toast.error('Registration failed', { description: error.message });
          // A taken username is fixed in the form, so take the user back there.
          if (isApiError(error, 409)) {
            setDialogOpen(false);
            setError('username', { message: error.message }, { shouldFocus: true });
          }
        },
      },
    );
  };

  return (
    <>
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Register">
        <Field label="Full Name" error={errors.name?.message}>
          <Input
            autoComplete="name"
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
          label="Username"
          error={errors.username?.message}
          hint="Letters, numbers, dots and underscores."
        >
          <Input
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...register('username', {
              validate: (value) => {
                const trimmed = value.trim();
                if (trimmed.length < LIMITS.usernameMin) return VALIDATION_MESSAGES.usernameMin;
                if (trimmed.length > LIMITS.usernameMax) return VALIDATION_MESSAGES.usernameMax;
                if (!USERNAME_PATTERN.test(trimmed)) return VALIDATION_MESSAGES.usernamePattern;
                return true;
              },
            })}
          />
        </Field>
        <Field label="Password" error={errors.password?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            {...register('password', {
              required: VALIDATION_MESSAGES.passwordMin,
              minLength: { value: LIMITS.passwordMin, message: VALIDATION_MESSAGES.passwordMin },
              maxLength: { value: LIMITS.passwordMax, message: VALIDATION_MESSAGES.passwordMax },
            })}
          />
        </Field>
        <Field label="Confirm Password" error={errors.confirmPassword?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            {...register('confirmPassword', {
              validate: (value) => value === getValues('password') || VALIDATION_MESSAGES.passwordsDontMatch,
            })}
          />
        </Field>
        <Button type="submit" block size="lg">
          Continue to Dining Preferences
        </Button>
      </form>
      <PreferencesDialog
        open={dialogOpen}
        onOpenChange={(open) => {
          if (!registration.isPending) setDialogOpen(open);
        }}
        selection={selection}
        saving={registration.isPending}
        onComplete={complete}
      />
    </>
  );
}
