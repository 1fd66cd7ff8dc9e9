import { describe, expect, it, jest } from '@jest/globals';
import { IsInt, IsString, MetadataStorage, getMetadataStorage, validate } from 'class-validator';
import { cacheValidationMetadata } from './metadata-cache.js';
import './validate-request.js';

class Base {
  @IsInt()
  id!: number;
}

class Child extends Base {
  @IsString({ groups: ['edge'] })
  name!: string;
}

/** Two request classes of the same name, as two modules may declare (`class UpdateBody`). */
function sameNamedClasses() {
  const first = (() => {
    class UpdateBody {
      @IsInt()
      rating!: number;
    }
    return UpdateBody;
  })();
  const second = (() => {
    class UpdateBody {
      @IsString()
      notes!: string;
    }
    return UpdateBody;
  })();
  return [first, second] as const;
}

describe('cacheValidationMetadata', () => {
  it('looks a class up once per set of options', () => {
    const storage = new MetadataStorage();
    const lookup = jest.spyOn(storage, 'getTargetValidationMetadatas');
    cacheValidationMetadata(storage);
    storage.getTargetValidationMetadatas(Child, '', true, false, ['edge']);
    storage.getTargetValidationMetadatas(Child, '', true, false, ['edge']);
    expect(lookup).toHaveBeenCalledTimes(1);
    storage.getTargetValidationMetadatas(Child, '', true, false, ['rpc']);
    storage.getTargetValidationMetadatas(Base, '', true, false, ['edge']);
    expect(lookup).toHaveBeenCalledTimes(3);
    cacheValidationMetadata(storage);
    storage.getTargetValidationMetadatas(Child, '', true, false, ['edge']);
    expect(lookup).toHaveBeenCalledTimes(3);
  });

  it('keeps the rules of two classes with the same name apart (keyed by the class, not its name)', async () => {
    const [first, second] = sameNamedClasses();
    expect(first.name).toBe(second.name);
    const errors = async (instance: object) =>
      (await validate(instance)).map((error) => [error.property, Object.keys(error.constraints ?? {})]);
    expect(await errors(Object.assign(new first(), { rating: 'x' }))).toEqual([['rating', ['isInt']]]);
    expect(await errors(Object.assign(new second(), { notes: 5 }))).toEqual([['notes', ['isString']]]);
  });

  it('is on for the library storage once request validation is loaded, with the same answers', async () => {
    const storage = getMetadataStorage();
    const first = storage.getTargetValidationMetadatas(Child, '', true, false, ['edge']);
    expect(storage.getTargetValidationMetadatas(Child, '', true, false, ['edge'])).toBe(first);
    // The parent's rule and the group's rule both still apply, and only in their group.
    const child = Object.assign(new Child(), { id: 'x', name: 5 });
    const properties = async (groups: string[]) =>
      (await validate(child, { groups, always: true })).map((error) => error.property).sort();
    expect(await properties(['edge'])).toEqual(['id', 'name']);
    expect(await properties(['rpc'])).toEqual(['id']);
    expect(await properties(['edge'])).toEqual(['id', 'name']);
  });
});
