package org.pgingest.workload.types;

import java.util.List;

/**
 * A tsvector: lexemes, each with positions (1-16383) and their weights ('A' to 'D', D the default). The codec's
 * checked form is the one the server stores: lexemes sorted by their UTF-8 bytes and unique, positions ascending
 * and unique.
 */
public record PgTsvector(List<Lexeme> lexemes) {
    public PgTsvector {
        lexemes = List.copyOf(lexemes);
    }

    public record Lexeme(String word, List<Position> positions) {
        public Lexeme {
            positions = List.copyOf(positions);
        }
    }

    public record Position(int position, char weight) {
    }
}
