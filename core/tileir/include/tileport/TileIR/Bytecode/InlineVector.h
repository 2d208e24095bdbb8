// SPDX-License-Identifier: MIT
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

namespace tileport::tileir::bc {

namespace inline_vector_detail {
template<class T, size_t N> struct Slots {
    alignas(T) unsigned char bytes[N * sizeof(T)];
};
// No slots: T may still be incomplete where the vector is declared.
template<class T> struct Slots<T, 0> {};
} // namespace inline_vector_detail

// A vector that keeps up to N elements inside itself and moves to the heap
// beyond that. The reader fills one per instruction list (operands, results,
// ...), most of which are short, so decoding an instruction needs no
// allocation. Offers the subset of std::vector that the model's users need.
template<class T, size_t N>
class InlineVector
{
public:
    using value_type = T;
    using size_type = size_t;
    using reference = T &;
    using const_reference = const T &;
    using iterator = T *;
    using const_iterator = const T *;

    InlineVector() noexcept {}
    InlineVector(std::initializer_list<T> init)
    {
        reserve(init.size());
        for (const T &v : init)
            push_back(v);
    }
    InlineVector(const InlineVector &other)
    {
        reserve(other.size());
        std::uninitialized_copy(other.begin(), other.end(), data());
        m_size = other.m_size;
    }
    InlineVector(InlineVector &&other) noexcept { take(other); }
    InlineVector &operator=(const InlineVector &other)
    {
        if (this != &other) {
            clear();
            reserve(other.size());
            std::uninitialized_copy(other.begin(), other.end(), data());
            m_size = other.m_size;
        }
        return *this;
    }
    InlineVector &operator=(InlineVector &&other) noexcept
    {
        if (this != &other) {
            release();
            take(other);
        }
        return *this;
    }
    ~InlineVector() { release(); }

    size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    size_t capacity() const { return m_capacity; }

    T *data() { return isInline() ? slots() : m_store.heap; }
    const T *data() const { return const_cast<InlineVector *>(this)->data(); }
    iterator begin() { return data(); }
    iterator end() { return data() + m_size; }
    const_iterator begin() const { return data(); }
    const_iterator end() const { return data() + m_size; }

    T &operator[](size_t i) { return data()[i]; }
    const T &operator[](size_t i) const { return data()[i]; }
    T &at(size_t i)
    {
        if (i >= m_size)
            throw std::out_of_range("InlineVector::at");
        return data()[i];
    }
    const T &at(size_t i) const { return const_cast<InlineVector *>(this)->at(i); }
    T &front() { return data()[0]; }
    const T &front() const { return data()[0]; }
    T &back() { return data()[m_size - 1]; }
    const T &back() const { return data()[m_size - 1]; }

    void reserve(size_t n)
    {
        if (n > m_capacity)
            reallocate(n);
    }
    template<class... Args> T &emplace_back(Args &&...args)
    {
        if (m_size == m_capacity)
            return growAndEmplace(std::forward<Args>(args)...);
        T *slot = ::new (static_cast<void *>(data() + m_size)) T(std::forward<Args>(args)...);
        ++m_size;
        return *slot;
    }
    void push_back(const T &v) { emplace_back(v); }
    void push_back(T &&v) { emplace_back(std::move(v)); }
    void pop_back() { std::destroy_at(data() + --m_size); }
    void resize(size_t n)
    {
        reserve(n);
        while (m_size > n)
            pop_back();
        while (m_size < n)
            emplace_back();
    }
    void clear()
    {
        std::destroy(begin(), end());
        m_size = 0;
    }

    template<size_t M> friend bool operator==(const InlineVector &a, const InlineVector<T, M> &b)
    {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }
    friend bool operator==(const InlineVector &a, const std::vector<T> &b)
    {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

private:
    bool isInline() const { return m_capacity <= N; }
    T *slots() { return std::launder(reinterpret_cast<T *>(&m_store.slots)); }

    // Capacity beyond the inline slots: doubling, stored in 32 bits.
    static size_t grownCapacity(size_t current, size_t needed)
    {
        const size_t n = std::max<size_t>({needed, current * 2, 4});
        if (n > UINT32_MAX)
            throw std::length_error("InlineVector: too many elements");
        return n;
    }

    void reallocate(size_t needed)
    {
        const size_t cap = grownCapacity(m_capacity, needed);
        T *fresh = std::allocator<T>().allocate(cap);
        moveInto(fresh);
        adopt(fresh, cap);
    }

    template<class... Args> T &growAndEmplace(Args &&...args)
    {
        const size_t cap = grownCapacity(m_capacity, m_size + 1);
        T *fresh = std::allocator<T>().allocate(cap);
        // Built before the old elements move: args may refer to one of them.
        try {
            ::new (static_cast<void *>(fresh + m_size)) T(std::forward<Args>(args)...);
        } catch (...) {
            std::allocator<T>().deallocate(fresh, cap);
            throw;
        }
        moveInto(fresh);
        adopt(fresh, cap);
        return fresh[m_size++];
    }

    void moveInto(T *fresh)
    {
        static_assert(std::is_nothrow_move_constructible_v<T>);
        std::uninitialized_move(begin(), end(), fresh);
        std::destroy(begin(), end());
    }

    void adopt(T *fresh, size_t cap)
    {
        if (!isInline())
            std::allocator<T>().deallocate(m_store.heap, m_capacity);
        m_store.heap = fresh;
        m_capacity = uint32_t(cap);
    }

    void release()
    {
        clear();
        if (!isInline())
            std::allocator<T>().deallocate(m_store.heap, m_capacity);
        m_capacity = N;
    }

    // Leaves `other` empty with its inline slots.
    void take(InlineVector &other) noexcept
    {
        if (other.isInline()) {
            std::uninitialized_move(other.begin(), other.end(), slots());
            m_size = other.m_size;
            other.clear();
        } else {
            m_store.heap = other.m_store.heap;
            m_capacity = other.m_capacity;
            m_size = other.m_size;
            other.m_capacity = N;
            other.m_size = 0;
        }
    }

    union Store {
        Store() {}
        T *heap;
        inline_vector_detail::Slots<T, N> slots;
    } m_store;
    uint32_t m_size = 0;
    uint32_t m_capacity = N;
};

} // namespace tileport::tileir::bc
