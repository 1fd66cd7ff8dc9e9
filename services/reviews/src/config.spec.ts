import { describe, expect, it } from '@jest/globals';
import { reviewsOptionsFromEnv, reviewsSettings } from './config.js';

describe('reviews settings', () => {
  it('defaults: 100 reviews per page, 200 read for mood tags, 500 places per import, 32 MB of snapshots, check-ins closed every minute', () => {
    expect(reviewsSettings({})).toEqual({
      restaurantPageReviews: 100,
      moodTagSampleSize: 200,
      savedImportMaxRows: 500,
      readSnapshotCacheMb: 32,
      checkInCloseIntervalSeconds: 60,
    });
  });

  it('the environment sets the options; unset or empty variables set nothing', () => {
    expect(reviewsOptionsFromEnv({ REVIEWS_PAGE_REVIEWS: '50', REVIEWS_MOOD_SAMPLE: '' })).toEqual({
      restaurantPageReviews: 50,
    });
    expect(reviewsSettings(reviewsOptionsFromEnv({ REVIEWS_MOOD_SAMPLE: '300' }))).toEqual({
      restaurantPageReviews: 100,
      moodTagSampleSize: 300,
      savedImportMaxRows: 500,
      readSnapshotCacheMb: 32,
      checkInCloseIntervalSeconds: 60,
    });
    expect(reviewsOptionsFromEnv({ SAVED_IMPORT_MAX_ROWS: '20' })).toEqual({ savedImportMaxRows: 20 });
    expect(reviewsOptionsFromEnv({ READ_SNAPSHOT_CACHE_MB: '0' })).toEqual({ readSnapshotCacheMb: 0 });
    expect(reviewsOptionsFromEnv({ CHECK_IN_CLOSE_INTERVAL_SECONDS: '5' })).toEqual({
      checkInCloseIntervalSeconds: 5,
    });
  });

  it('refuses a setting out of its range, naming its variable', () => {
    expect(() => reviewsSettings({ restaurantPageReviews: 0 })).toThrow(
      /^reviews: restaurantPageReviews \(REVIEWS_PAGE_REVIEWS\): /,
    );
    expect(() => reviewsSettings({ moodTagSampleSize: 10_001 })).toThrow(
      /moodTagSampleSize \(REVIEWS_MOOD_SAMPLE\)/,
    );
    expect(() => reviewsSettings({ moodTagSampleSize: 2.5 })).toThrow(/moodTagSampleSize/);
    expect(() => reviewsSettings({ checkInCloseIntervalSeconds: 0 })).toThrow(
      /checkInCloseIntervalSeconds \(CHECK_IN_CLOSE_INTERVAL_SECONDS\)/,
    );
    expect(() => reviewsOptionsFromEnv({ REVIEWS_PAGE_REVIEWS: 'many' })).toThrow(/REVIEWS_PAGE_REVIEWS/);
  });
});
