//! Rows of typed values ([`super::formats::Row`]) as Parquet bytes, nested
//! columns included (verl's `reward_model` struct, a chat's list of
//! messages): written with polars' Parquet crate from Arrow arrays, as
//! polars' own frames hold no structs in this build. Strings are large
//! strings and lists large lists, the types polars' writer writes.
//!
//! Pure: rows in, bytes out.

use polars::prelude::{PlSmallStr, PolarsResult};
use polars_arrow::array::{Array, BooleanArray, ListArray, PrimitiveArray, StructArray, Utf8Array};
use polars_arrow::datatypes::{ArrowDataType, ArrowSchema, Field};
use polars_arrow::offset::Offsets;
use polars_io::prelude::{ParquetCompression, StatisticsOptions};
use polars_parquet::write::{Version, WriteOptions};

use super::formats::{Kind, Row, Value};
use crate::tables::table::arrow_parquet;

/// The Arrow type of a column of `kind`; every value may be null.
fn dtype(kind: &Kind) -> ArrowDataType {
    match kind {
        Kind::Str => ArrowDataType::LargeUtf8,
        Kind::Int => ArrowDataType::Int64,
        Kind::Float => ArrowDataType::Float64,
        Kind::Bool => ArrowDataType::Boolean,
        Kind::List(item) => ArrowDataType::LargeList(Box::new(field("item", item))),
        Kind::Struct(fields) => {
            ArrowDataType::Struct(fields.iter().map(|(n, k)| field(n, k)).collect())
        }
    }
}

fn field(name: &str, kind: &Kind) -> Field {
    Field::new(PlSmallStr::from(name), dtype(kind), true)
}

/// The column of `kind` holding `values` (each of that kind).
fn array(kind: &Kind, values: &[&Value]) -> PolarsResult<Box<dyn Array>> {
    Ok(match kind {
        Kind::Str => values
            .iter()
            .map(|v| match v {
                Value::Str(s) => s.as_deref(),
                _ => None,
            })
            .collect::<Utf8Array<i64>>()
            .boxed(),
        Kind::Int => values
            .iter()
            .map(|v| match v {
                Value::Int(i) => *i,
                _ => None,
            })
            .collect::<PrimitiveArray<i64>>()
            .boxed(),
        Kind::Float => values
            .iter()
            .map(|v| match v {
                Value::Float(x) => *x,
                _ => None,
            })
            .collect::<PrimitiveArray<f64>>()
            .boxed(),
        Kind::Bool => values
            .iter()
            .map(|v| match v {
                Value::Bool(b) => *b,
                _ => None,
            })
            .collect::<BooleanArray>()
            .boxed(),
        Kind::List(item) => {
            let lists: Vec<&[Value]> = values
                .iter()
                .map(|v| match v {
                    Value::List(_, items) => items.as_slice(),
                    _ => &[],
                })
                .collect();
            let offsets = Offsets::<i64>::try_from_lengths(lists.iter().map(|l| l.len()))?;
            let items: Vec<&Value> = lists.iter().flat_map(|l| l.iter()).collect();
            ListArray::<i64>::try_new(dtype(kind), offsets.into(), array(item, &items)?, None)?
                .boxed()
        }
        Kind::Struct(fields) => {
            let children = fields
                .iter()
                .enumerate()
                .map(|(i, (_, k))| {
                    let column: Vec<&Value> = values
                        .iter()
                        .map(|v| match v {
                            Value::Struct(row) => &row[i].1,
                            other => other,
                        })
                        .collect();
                    array(k, &column)
                })
                .collect::<PolarsResult<Vec<_>>>()?;
            StructArray::try_new(dtype(kind), values.len(), children, None)?.boxed()
        }
    })
}

/// Parquet bytes of `rows`, whose columns are `columns` (every row holds
/// them in this order), compressed with zstd, without statistics (as the
/// task set's own files).
pub fn to_parquet(columns: &[(&'static str, Kind)], rows: &[Row]) -> PolarsResult<Vec<u8>> {
    let schema: ArrowSchema = columns.iter().map(|(n, k)| field(n, k)).collect();
    let arrays = columns
        .iter()
        .enumerate()
        .map(|(i, (_, k))| {
            let column: Vec<&Value> = rows.iter().map(|r| &r[i].1).collect();
            array(k, &column)
        })
        .collect::<PolarsResult<Vec<_>>>()?;
    let options = WriteOptions {
        statistics: StatisticsOptions::empty(),
        version: Version::V1,
        compression: ParquetCompression::Zstd(None).into(),
        data_page_size: None,
    };
    let encodings = polars::io::parquet::write::get_encodings(&schema).to_vec();
    arrow_parquet(schema, arrays, rows.len(), options, encodings)
}
