import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, MaxLength, MinLength } from 'class-validator';
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MESSAGES,
  LIMITS,
  type DeleteAccountRequest,
  type ImportSavedRequest,
} from '@dinebuds/contracts';

/** DELETE /api/user and identity's `users.deleteSelf`. */
export class DeleteAccountDto implements DeleteAccountRequest {
  @ApiProperty({ description: "The account's password, confirming the deletion" })
  @IsDefined({ message: ACCOUNT_MESSAGES.passwordRequired })
  @IsString({ message: ACCOUNT_MESSAGES.passwordRequired })
  @MinLength(1, { message: ACCOUNT_MESSAGES.passwordRequired })
  @MaxLength(LIMITS.passwordMax, { message: ACCOUNT_MESSAGES.wrongPassword })
  password: string;
}

/** POST /api/saved-restaurants/import and reviews' `saved.import`. */
export class ImportSavedDto implements ImportSavedRequest {
  @ApiProperty({
    maxLength: ACCOUNT_LIMITS.importTextMax,
    description:
      'A CSV with a header naming `name` and `address` columns (optionally `latitude`, `longitude`, ' +
      '`notes`), as GET /api/user/export/saved.csv writes it, or one place per line: "Name, Address"',
    example: "Joe's Pizza, 7 Carmine St, New York, NY",
  })
  @IsDefined({ message: ACCOUNT_MESSAGES.importEmpty })
  @IsString({ message: ACCOUNT_MESSAGES.importEmpty })
  @MinLength(1, { message: ACCOUNT_MESSAGES.importEmpty })
  @MaxLength(ACCOUNT_LIMITS.importTextMax, {
    message: ACCOUNT_MESSAGES.importTooLong(ACCOUNT_LIMITS.importTextMax),
  })
  text: string;
}
