// SPDX-License-Identifier: MIT
// RUN: tileport-opt --no-implicit-module %s | grep -v '^$' > %t.printed
// RUN: grep -v '^//' %s | grep -v '^$' | diff -u - %t.printed
// RUN: tileport-opt --no-implicit-module %t.printed | grep -v '^$' | diff -u %t.printed -
// Comparison, selection and conversion ops (§3.6), including i4 and the
// 13.2/13.3 element types.

cuda_tile.module @conversions {
  entry @compare(%arg0: tile<i32>, %arg1: tile<f16>, %arg2: tile<i64>, %arg3: tile<ptr<f32>>) {
    %0 = cmpi less_than %arg0, %arg0, signed : tile<i32> -> tile<i1>
    %1 = cmpi not_equal %arg0, %arg0, unsigned : tile<i32> -> tile<i1>
    %2 = cmpf equal ordered %arg1, %arg1 : tile<f16> -> tile<i1>
    %3 = cmpf greater_than_or_equal unordered %arg1, %arg1 : tile<f16> -> tile<i1>
    %4 = select %0, %arg0, %arg0 : tile<i1>, tile<i32>
    %5 = bitcast %arg0 : tile<i32> -> tile<f32>
    %6 = exti %arg0 signed : tile<i32> -> tile<i64>
    %7 = trunci %6 : tile<i64> -> tile<i16>
    %8 = trunci %6 overflow<no_wrap> : tile<i64> -> tile<i8>
    %9 = ftof %arg1  : tile<f16> -> tile<f32>
    %10 = ftof %9 rounding<zero> : tile<f32> -> tile<f8E8M0FNU>
    %11 = ftoi %arg1 signed  : tile<f16> -> tile<i32>
    %12 = ftoi %arg1 unsigned  : tile<f16> -> tile<i8>
    %13 = itof %arg0 unsigned  : tile<i32> -> tile<f32>
    %14 = int_to_ptr %arg2 : tile<i64> -> tile<ptr<f32>>
    %15 = ptr_to_int %arg3 : tile<ptr<f32>> -> tile<i64>
    %16 = ptr_to_ptr %arg3 : tile<ptr<f32>> -> tile<ptr<i8>>
    return
  }
  entry @packing(%arg0: tile<i8>) {
    %0 = iota : tile<64xi16>
    %1 = bitcast %0 : tile<64xi16> -> tile<64xf16>
    %2 = pack %1 : tile<64xf16> -> tile<128xi8>
    %3 = unpack %2 : tile<128xi8> -> tile<256xf4E2M1FN>
    %4 = pack %3 : tile<256xf4E2M1FN> -> tile<128xi8>
    %5 = iota : tile<8xi8>
    %6 = unpack %5 : tile<8xi8> -> tile<16xi4>
    %7 = exti %6 signed : tile<16xi4> -> tile<16xi8>
    return
  }
}
