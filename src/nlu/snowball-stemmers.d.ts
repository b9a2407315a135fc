/** The package ships no types: the two calls the engine uses. */
declare module 'snowball-stemmers' {
  const snowball: {
    algorithms(): string[];
    newStemmer(algorithm: string): { stem(word: string): string };
  };
  export default snowball;
}
