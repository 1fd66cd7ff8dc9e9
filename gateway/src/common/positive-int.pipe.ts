import { type ArgumentMetadata, BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';

const MAX_ID = 2_147_483_647;

/** Route ids are positive 32-bit integers; anything else is a 400 with a readable sentence. */
@Injectable()
export class PositiveIntPipe implements PipeTransform<string, number> {
  transform(value: string, metadata: ArgumentMetadata): number {
    const name = metadata.data ?? 'id';
    if (typeof value !== 'string' || !/^\d{1,10}$/.test(value))
      throw new BadRequestException(`${name} must be a positive integer`);
    const parsed = Number(value);
    if (parsed < 1 || parsed > MAX_ID) throw new BadRequestException(`${name} must be a positive integer`);
    return parsed;
  }
}
