import { Column, Entity, PrimaryColumn } from 'typeorm';
import { MESSAGING_SCHEMA } from '../../config.js';

/**
 * Whether a person is deactivated, from identity.user.deactivated / reactivated (`version`: the
 * user's version of the newest applied, so a late older event changes nothing). A send to a
 * deactivated person is refused.
 */
@Entity({ schema: MESSAGING_SCHEMA, name: 'account_states' })
export class AccountStateEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'account_states_pkey' })
  userId: number;

  @Column({ type: 'boolean' })
  deactivated: boolean;

  @Column({ type: 'integer', nullable: true })
  version: number | null;
}
