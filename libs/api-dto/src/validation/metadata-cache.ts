import { getMetadataStorage } from 'class-validator';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type Lookup = MetadataStorage['getTargetValidationMetadatas'];
type Metadatas = ReturnType<Lookup>;

const cached = new WeakSet<MetadataStorage>();

/**
 * Makes class-validator look up a request class's rules once per class and options, not on every
 * validate(). Its lookup scans every decorated class in the process for ancestors
 * (typestack/class-validator#2686): in the one-process runner, where every service's request
 * classes are loaded, that scan was the largest single item of a request's CPU after the socket
 * writes (4% of GET /api/users/{id}). twenty memoizes it the same way (twentyhq/twenty#24085).
 *
 * Safe because a class's own and inherited rules are all registered when the class is defined,
 * before anything can validate an instance of it; a class defined later registers only its own.
 * Idempotent: the storage is the library's one global instance.
 */
export function cacheValidationMetadata(storage: MetadataStorage = getMetadataStorage()): void {
  if (cached.has(storage)) return;
  cached.add(storage);
  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  const byTarget = new WeakMap<object, Map<string, Metadatas>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    let byOptions = byTarget.get(target);
    if (!byOptions) {
      byOptions = new Map();
      byTarget.set(target, byOptions);
    }
    const key = `${schema}|${always}|${strictGroups}|${groups?.join(',') ?? ''}`;
    let metadatas = byOptions.get(key);
    if (!metadatas) {
      metadatas = lookup(target, schema, always, strictGroups, groups);
      byOptions.set(key, metadatas);
    }
    return metadatas;
  };
}
