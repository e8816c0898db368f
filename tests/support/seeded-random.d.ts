/** A small deterministic generator (mulberry32): the same cases, the same synthetic corpus, on every run. */
export declare function seededRandom(seed: number): () => number;
