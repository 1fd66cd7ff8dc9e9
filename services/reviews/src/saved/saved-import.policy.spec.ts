import { toCsv } from '@dinebuds/contracts';
import { placesFromImportText } from './saved-import.policy.js';

describe('placesFromImportText', () => {
  it('reads the export CSV: quoted fields, coordinates and notes', () => {
    const csv = toCsv(
      ['restaurantId', 'name', 'address', 'city', 'latitude', 'longitude', 'notes', 'savedAt'],
      [
        [
          4,
          'Joe\'s "Best" Pizza',
          '7 Carmine St, New York, NY',
          'new york',
          40.73,
          -74.0,
          'slice,\nplease',
          'x',
        ],
        [5, 'Lou Malnati', '439 N Wells St, Chicago', 'chicago', null, null, null, 'y'],
      ],
    );
    expect(placesFromImportText(csv)).toEqual([
      {
        line: 2,
        name: 'Joe\'s "Best" Pizza',
        address: '7 Carmine St, New York, NY',
        latitude: 40.73,
        longitude: -74,
        notes: 'slice,\nplease',
        problem: null,
      },
      {
        line: 4,
        name: 'Lou Malnati',
        address: '439 N Wells St, Chicago',
        latitude: null,
        longitude: null,
        notes: null,
        problem: null,
      },
    ]);
  });

  it('reads a plain list: name before the first comma (or tab), blank lines left out', () => {
    const rows = placesFromImportText(
      'Katz Deli, 205 E Houston St, New York\n\nPok Pok\tPortland\nJust a name\n',
    );
    expect(rows.map((r) => [r.line, r.name, r.address, r.problem])).toEqual([
      [1, 'Katz Deli', '205 E Houston St, New York', null],
      [3, 'Pok Pok', 'Portland', null],
      [4, 'Just a name', '', 'Needs a name and an address'],
    ]);
  });

  it('keeps a coordinate pair only when both are numbers in range', () => {
    const [row] = placesFromImportText('name,address,latitude,longitude\nA,1 Main St Boston,95,10\n');
    expect([row.latitude, row.longitude]).toEqual([null, null]);
  });
});
