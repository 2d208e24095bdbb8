// RUN: tileport-opt %s -split-input-file -verify-diagnostics
// Debug-info attribute verifiers (tileir-format.md §2.5).

#file = #cuda_tile.di_file<"kernel.py" in "/src/">
cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{di_loc scope must be a di_subprogram or di_lexical_block}}
    %0 = make_token : token loc(#cuda_tile.di_loc<loc("kernel.py":7:8) in #file>)
  }
}

// -----

#file = #cuda_tile.di_file<"kernel.py" in "/src/">
// expected-error @+1 {{di_lexical_block scope must be a di_subprogram or di_lexical_block}}
#lb = #cuda_tile.di_lexical_block<scope = #file, file = #file, line = 3>

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @+1 {{expected loc("file":line:column)}}
    %0 = make_token : token loc(#cuda_tile.di_loc<"kernel.py" in #cuda_tile.di_file<"a" in "b">>)
  }
}
