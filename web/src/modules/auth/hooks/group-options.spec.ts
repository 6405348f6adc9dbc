import { groupOptions } from './group-options';

describe('groupOptions', () => {
  it('names a college with its university, and a university on its own', () => {
    const groups = [
      { id: 2, code: 'U1', name: '华东示范大学', parentId: 1 },
      { id: 3, code: 'U1-CS', name: '计算机学院', parentId: 2 },
    ];
    expect(groupOptions(groups)).toEqual([
      { value: 2, label: '华东示范大学' },
      { value: 3, label: '华东示范大学 / 计算机学院' },
    ]);
  });
});
