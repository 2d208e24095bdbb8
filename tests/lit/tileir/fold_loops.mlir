// RUN: tileport-opt %s --no-implicit-module --canonicalize | FileCheck %s
// A loop whose body is only `break` runs once and folds to the break's
// values; a loop that computes before breaking stays.

cuda_tile.module @loops {
  entry @k(%arg0: tile<f32>, %arg1: tile<f32>) {
    %r = loop iter_values(%a = %arg1) : tile<f32> -> tile<f32> {
      break %arg0 : tile<f32>
    }
    %s = loop iter_values(%a = %arg1) : tile<f32> -> tile<f32> {
      break %a : tile<f32>
    }
    %t = loop iter_values(%a = %arg1) : tile<f32> -> tile<f32> {
      %x = addf %a, %arg0 : tile<f32>
      break %x : tile<f32>
    }
    %u = addf %r, %s : tile<f32>
    %v = addf %u, %t : tile<f32>
    %tok = print_tko "%f", %v : tile<f32> -> token
    return
  }
}

// CHECK-LABEL: entry @k
// CHECK-NOT:     break %arg0
// CHECK:         %[[T:.*]] = loop iter_values(%{{.*}} = %arg1)
// CHECK:           addf
// CHECK:           break
// CHECK:         %[[U:.*]] = addf %arg0, %arg1
// CHECK:         addf %[[U]], %[[T]]
