import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { CurrentUserDto, LoginRequest } from '@dinebuds/contracts';
import { LIMITS, VALIDATION_MESSAGES } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useLogin } from '../api/login';

interface LoginFormProps {
  onSuccess: (user: CurrentUserDto) => void;
}

export function LoginForm({ onSuccess }: LoginFormProps) {
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginRequest>({ defaultValues: { username: '', password: '' } });

  const onSubmit = handleSubmit((values) =>
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: (user) => {
          toast.success('Login successful', { description: `Welcome back, ${user.name || user.username}!` });
          onSuccess(user);
        },
        onError: (error) => toast.error('Login failed', { description: error.message }),
      },
    ),
  );

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Login">
      <Field label="Username" error={errors.username?.message}>
        <Input
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...register('username', {
            validate: (value) => value.trim().length >= LIMITS.usernameMin || VALIDATION_MESSAGES.usernameMin,
          })}
        />
      </Field>
      <Field label="Password" error={errors.password?.message}>
        <Input
          type="password"
          autoComplete="current-password"
          {...register('password', {
            minLength: { value: LIMITS.passwordMin, message: VALIDATION_MESSAGES.passwordMin },
            required: VALIDATION_MESSAGES.passwordMin,
          })}
        />
      </Field>
      <Button type="submit" block size="lg" loading={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
