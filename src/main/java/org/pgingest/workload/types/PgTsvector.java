package org.pgingest.workload.types;

import java.util.List;

/**
 * A tsvector: lexemes, each with positions (1-16383) and their weights ('A' to 'D', D the default). The codec's
 * checked form is the one the server stores: lexemes sorted by their UTF-8 bytes and unique, positions ascending
 * and unique.
 */
record PgTsvector(List<Lexeme> lexemes) {
    PgTsvector {
        lexemes = List.copyOf(lexemes);
    }

    record Lexeme(String word, List<Position> positions) {
        Lexeme {
            positions = List.copyOf(positions);
        }
    }

    record Position(int position, char weight) {
    }
}
