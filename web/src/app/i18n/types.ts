/** The shape of a catalogue: the same keys as the zh-CN one, every leaf a string. */
export type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };
