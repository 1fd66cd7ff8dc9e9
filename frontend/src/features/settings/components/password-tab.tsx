import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { LIMITS, passwordStrength, VALIDATION_MESSAGES } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useChangePassword } from '../api/change-password';
import { PasswordStrengthMeter } from './password-strength-meter';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function PasswordTab() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    reset,
    setError,
    formState: { errors },
  } = useForm<PasswordValues>({
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const newPassword = watch('newPassword');

  const onSubmit = handleSubmit(({ currentPassword, newPassword: next }) => {
    if (!passwordStrength(next).acceptable) {
      toast.error('Password too weak', { description: 'Please create a stronger password.' });
      return;
    }
    change.mutate(
      { currentPassword, newPassword: next },
      {
        onSuccess: (answer) => {
          toast.success(answer?.message || 'Password updated', {
            description: 'Your other devices have been signed out.',
          });
          reset();
        },
        onError: (error) => {
          if (/current password/i.test(error.message)) {
            setError('currentPassword', { message: error.message }, { shouldFocus: true });
          }
          toast.error('Password not changed', { description: error.message });
        },
      },
    );
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Change password">
      <Field label="Current Password" error={errors.currentPassword?.message}>
        <Input
          type="password"
          autoComplete="current-password"
          {...register('currentPassword', { required: 'Enter your current password' })}
        />
      </Field>
      <Field label="New Password" error={errors.newPassword?.message}>
        <Input
          type="password"
          autoComplete="new-password"
          {...register('newPassword', {
            required: VALIDATION_MESSAGES.passwordMin,
            minLength: { value: LIMITS.passwordMin, message: VALIDATION_MESSAGES.passwordMin },
            maxLength: { value: LIMITS.passwordMax, message: VALIDATION_MESSAGES.passwordMax },
          })}
        />
      </Field>
      <PasswordStrengthMeter password={newPassword} />
      <Field label="Confirm New Password" error={errors.confirmPassword?.message}>
        <Input
          type="password"
          autoComplete="new-password"
          {...register('confirmPassword', {
            validate: (value) => value === getValues('newPassword') || VALIDATION_MESSAGES.passwordsDontMatch,
          })}
        />
      </Field>
      <div className="form__actions">
        <Button type="submit" loading={change.isPending}>
          {change.isPending ? 'Updating...' : 'Update Password'}
        </Button>
      </div>
    </form>
  );
}
